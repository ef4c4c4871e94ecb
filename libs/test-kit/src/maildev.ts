// Reading the mails the local servers sent, through maildev's HTTP API.
import { infraConfig, type InfraProfile } from './config';
import { waitFor } from './wait-for';

export interface MailAddress {
  address: string;
  name?: string;
}

export interface MaildevEmail {
  id: string;
  subject: string;
  from: MailAddress[];
  to: MailAddress[];
  text?: string;
  html?: string;
  date?: string;
  headers?: Record<string, string>;
  [key: string]: unknown;
}

export interface WaitForEmailOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Only a mail whose subject contains this string or matches this pattern. */
  subject?: string | RegExp;
}

/** Pure: is `mail` addressed (To) to `address`? Case-insensitive. */
export function isAddressedTo(mail: Pick<MaildevEmail, 'to'>, address: string): boolean {
  const wanted = address.trim().toLowerCase();
  return (mail.to ?? []).some((a) => a.address.trim().toLowerCase() === wanted);
}

/** Pure: does the subject match? */
export function subjectMatches(subject: string, expected: string | RegExp | undefined): boolean {
  if (expected === undefined) return true;
  return typeof expected === 'string' ? subject.includes(expected) : expected.test(subject);
}

export class MaildevClient {
  constructor(readonly baseUrl: string) {}

  /** All mails, oldest first; only those addressed to `to` when given. */
  async list(to?: string): Promise<MaildevEmail[]> {
    const res = await fetch(`${this.baseUrl}/email`);
    if (!res.ok) throw new Error(`maildev GET /email: HTTP ${res.status}`);
    const all = (await res.json()) as MaildevEmail[];
    return to === undefined ? all : all.filter((m) => isAddressedTo(m, to));
  }

  /** Waits until a mail for `to` (optionally with a matching subject) has arrived; the newest one. */
  async waitForEmail(
    to: string,
    { timeoutMs = 15_000, intervalMs = 250, subject }: WaitForEmailOptions = {},
  ): Promise<MaildevEmail> {
    return waitFor(
      async () => {
        const mails = (await this.list(to)).filter((m) => subjectMatches(m.subject ?? '', subject));
        return mails[mails.length - 1];
      },
      {
        timeoutMs,
        intervalMs,
        description: `an email to ${to}${subject ? ` with subject ${String(subject)}` : ''}`,
      },
    );
  }

  async deleteAll(): Promise<void> {
    const res = await fetch(`${this.baseUrl}/email/all`, { method: 'DELETE' });
    if (!res.ok) throw new Error(`maildev DELETE /email/all: HTTP ${res.status}`);
    await res.arrayBuffer();
  }
}

/** maildev of the local servers of `profile` (default: test). */
export function maildev(profile: InfraProfile = 'test'): MaildevClient {
  return new MaildevClient(infraConfig(profile).maildevUrl);
}
