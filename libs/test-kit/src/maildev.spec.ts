import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isAddressedTo, MaildevClient, subjectMatches } from './maildev';

describe('maildev helpers', () => {
  it('matches recipients case-insensitively', () => {
    expect(
      isAddressedTo({ to: [{ address: 'Learner@Examprep.test' }] }, 'learner@examprep.test'),
    ).toBe(true);
    expect(isAddressedTo({ to: [{ address: 'a@x' }] }, 'b@x')).toBe(false);
  });

  it('matches subjects by substring or pattern', () => {
    expect(subjectMatches('Verify email', 'Verify')).toBe(true);
    expect(subjectMatches('Verify email', /^verify/i)).toBe(true);
    expect(subjectMatches('Reset', 'Verify')).toBe(false);
    expect(subjectMatches('anything', undefined)).toBe(true);
  });
});

describe('MaildevClient', () => {
  let server: http.Server;
  let client: MaildevClient;
  let mails: { id: string; subject: string; to: { address: string }[] }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/email') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(mails));
      } else if (req.method === 'DELETE' && req.url === '/email/all') {
        mails = [];
        res.end('true');
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    client = new MaildevClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('lists, filters, waits for and deletes mails', async () => {
    mails = [
      { id: '1', subject: 'Hello', to: [{ address: 'a@x' }] },
      { id: '2', subject: 'Other', to: [{ address: 'b@x' }] },
    ];
    expect((await client.list()).length).toBe(2);
    expect((await client.list('b@x')).map((m) => m.id)).toEqual(['2']);
    setTimeout(
      () => mails.push({ id: '3', subject: 'Verify your email', to: [{ address: 'a@x' }] }),
      50,
    );
    await expect(
      client.waitForEmail('a@x', { subject: 'Verify', intervalMs: 10, timeoutMs: 2000 }),
    ).resolves.toMatchObject({ id: '3' });
    await client.deleteAll();
    expect(await client.list()).toEqual([]);
    await expect(client.waitForEmail('a@x', { timeoutMs: 50, intervalMs: 10 })).rejects.toThrow(
      /an email to a@x/,
    );
  });
});
