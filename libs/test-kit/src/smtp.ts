// A minimal SMTP client (no AUTH, no TLS) to put test mails into maildev.
import * as net from 'node:net';

export interface SendMailRequest {
  host: string;
  port: number;
  from: string;
  to: string | string[];
  subject: string;
  text: string;
  timeoutMs?: number;
}

/** Pure: the DATA section of a plain-text mail, CRLF line ends, dot-stuffed, ending in CRLF.CRLF. */
export function formatMessage(
  req: Pick<SendMailRequest, 'from' | 'to' | 'subject' | 'text'>,
  date = new Date(),
): string {
  const to = Array.isArray(req.to) ? req.to : [req.to];
  const headers = [
    `From: <${req.from}>`,
    `To: ${to.map((t) => `<${t}>`).join(', ')}`,
    `Subject: ${req.subject.replace(/[\r\n]+/g, ' ')}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  const body = req.text
    .replace(/\r?\n/g, '\r\n')
    .split('\r\n')
    .map((line) => (line.startsWith('.') ? `.${line}` : line))
    .join('\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n.\r\n`;
}

/** Reads SMTP replies (multi-line `250-...` ... `250 ...`) from a socket, one at a time. */
class ReplyReader {
  private buffer = '';
  private pending: { code: number; text: string }[] = [];
  private waiting: ((reply: { code: number; text: string }) => void) | undefined;
  private lines: string[] = [];
  private failure: Error | undefined;
  private onFail: ((e: Error) => void) | undefined;

  constructor(socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let i: number;
      while ((i = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, i).replace(/\r$/, '');
        this.buffer = this.buffer.slice(i + 1);
        this.lines.push(line);
        if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) this.flush();
      }
    });
    const fail = (e: Error) => {
      this.failure = e;
      this.onFail?.(e);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('SMTP connection closed')));
  }

  private flush() {
    const last = this.lines[this.lines.length - 1];
    const reply = {
      code: Number(last.slice(0, 3)),
      text: this.lines.map((l) => l.slice(4)).join('\n'),
    };
    this.lines = [];
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = undefined;
      w(reply);
    } else this.pending.push(reply);
  }

  next(): Promise<{ code: number; text: string }> {
    const ready = this.pending.shift();
    if (ready) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.onFail = reject;
    });
  }
}

/** Sends one plain-text mail over SMTP; resolves with the server's final reply text. */
export async function sendMail(req: SendMailRequest): Promise<string> {
  const socket = net.connect({ host: req.host, port: req.port });
  socket.setTimeout(req.timeoutMs ?? 10_000, () => socket.destroy(new Error('SMTP timeout')));
  const replies = new ReplyReader(socket);
  const expect = async (code: number, what: string) => {
    const r = await replies.next();
    if (r.code !== code) throw new Error(`SMTP ${what}: expected ${code}, got ${r.code} ${r.text}`);
    return r.text;
  };
  const send = (line: string) => socket.write(`${line}\r\n`);
  try {
    await expect(220, 'greeting');
    send('EHLO examprep-test-kit');
    await expect(250, 'EHLO');
    send(`MAIL FROM:<${req.from}>`);
    await expect(250, 'MAIL FROM');
    for (const to of Array.isArray(req.to) ? req.to : [req.to]) {
      send(`RCPT TO:<${to}>`);
      await expect(250, 'RCPT TO');
    }
    send('DATA');
    await expect(354, 'DATA');
    socket.write(formatMessage(req));
    const accepted = await expect(250, 'message');
    send('QUIT');
    await replies.next().catch(() => undefined);
    return accepted;
  } finally {
    socket.end();
    socket.destroy();
  }
}
