import * as net from 'node:net';
import { formatMessage, sendMail } from './smtp';

describe('formatMessage', () => {
  it('uses CRLF, dot-stuffs lines and ends with CRLF.CRLF', () => {
    const msg = formatMessage(
      { from: 'a@x', to: ['b@x', 'c@x'], subject: 'Hi\nthere', text: 'one\n.two\nthree' },
      new Date(0),
    );
    expect(msg).toContain('From: <a@x>\r\nTo: <b@x>, <c@x>\r\nSubject: Hi there\r\n');
    expect(msg).toContain('\r\n\r\none\r\n..two\r\nthree\r\n.\r\n');
    expect(msg.endsWith('three\r\n.\r\n')).toBe(true);
  });
});

describe('sendMail', () => {
  let server: net.Server;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    // A scripted SMTP server: multi-line EHLO answer, then records the DATA section.
    server = net.createServer((socket) => {
      socket.setEncoding('utf8');
      let inData = false;
      let data = '';
      socket.write('220 fake ESMTP\r\n');
      socket.on('data', (chunk: string) => {
        if (inData) {
          data += chunk;
          if (data.endsWith('\r\n.\r\n')) {
            inData = false;
            received.push(data);
            socket.write('250 OK: queued\r\n');
          }
          return;
        }
        for (const line of chunk.split('\r\n').filter(Boolean)) {
          if (line.startsWith('EHLO'))
            socket.write('250-fake\r\n250-PIPELINING\r\n250 8BITMIME\r\n');
          else if (line.startsWith('MAIL FROM') || line.startsWith('RCPT TO'))
            socket.write('250 OK\r\n');
          else if (line === 'DATA') {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (line === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('500 what\r\n');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('speaks SMTP and delivers the message', async () => {
    const reply = await sendMail({
      host: '127.0.0.1',
      port,
      from: 'a@x',
      to: 'b@x',
      subject: 'S',
      text: 'body',
    });
    expect(reply).toBe('OK: queued');
    expect(received[0]).toContain('Subject: S\r\n');
    expect(received[0]).toContain('\r\n\r\nbody\r\n.\r\n');
  });

  it('fails on a refused connection', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const p = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(
      sendMail({ host: '127.0.0.1', port: p, from: 'a@x', to: 'b@x', subject: 'S', text: 't' }),
    ).rejects.toThrow();
  });
});
