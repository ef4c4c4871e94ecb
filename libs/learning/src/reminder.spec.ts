import fc from 'fast-check';
import { buildPlan } from './plan';
import { escapeHtml, MAX_NAME_LENGTH, reminderMail, unsubscribeHeaders } from './reminder';
import type { PlanObjective, StudyPlan } from './types';

const APP = 'https://app.example.com/dashboard';
const UNSUBSCRIBE = 'https://app.example.com/api/reminders/unsubscribe?token=abc.def';

function objective(code: string, name: string, mu: number): PlanObjective {
  return {
    course: 'teas_math',
    objective: code,
    name,
    section: 'Numbers and Algebra',
    state: { mu, v: 0.1, n: 30, correct: 20, lastAt: '2026-11-28T09:00:00.000Z' },
  };
}

function plan(
  overrides: { dueReviews?: number; examDate?: string; names?: string[] } = {},
): StudyPlan {
  const names = overrides.names ?? ['Fractions', 'Percents'];
  return buildPlan({
    examDate: overrides.examDate ?? '2026-12-20',
    minutesPerDay: 30,
    today: '2026-11-28',
    objectives: names.map((name, i) => objective(String(i + 1), name, i - 1)),
    dueReviews: overrides.dueReviews ?? 0,
  });
}

describe('reminderMail', () => {
  it("says today's plan in a short plain text with the links", () => {
    const mail = reminderMail({
      name: 'Ana',
      plan: plan({ dueReviews: 4 }),
      dueReviews: 4,
      appUrl: APP,
      unsubscribeUrl: UNSUBSCRIBE,
    });
    expect(mail.subject).toBe("Today's study: 30 minutes, 4 reviews due (exam in 22 days)");
    expect(mail.text).toBe(
      [
        'Hi Ana,',
        '',
        'Your exam is in 22 days. Today: 6 minutes reviewing 4 missed items, then 24 minutes of practice. ' +
          'Most practice goes to your weakest objectives: Fractions (56 %) and Percents (44 %).',
        '',
        "Today's plan:",
        '- Review missed items: 6 minutes, 4 questions',
        '- Fractions: 12 minutes, 8 questions',
        '- Percents: 12 minutes, 8 questions',
        '',
        `Open your plan: ${APP}`,
        '',
        '-- ',
        'You get this mail because you turned on study reminders.',
        `Stop them with one click: ${UNSUBSCRIBE}`,
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('<li>Fractions: 12 minutes, 8 questions</li>');
    expect(mail.html).toContain(`<a href="${APP}">Open your plan</a>`);
    expect(mail.html).toContain(`<a href="${UNSUBSCRIBE}">Stop study reminders</a>`);
  });

  it('says how many reviews are due beyond the capped review block', () => {
    const mail = reminderMail({
      plan: plan({ dueReviews: 40 }),
      dueReviews: 40,
      appUrl: APP,
      unsubscribeUrl: UNSUBSCRIBE,
    });
    expect(mail.text.startsWith('Hi,\n')).toBe(true);
    expect(mail.text).toContain(
      "40 missed items are due for review; today's review block takes 6.",
    );
  });

  it('escapes the name and every text in the HTML', () => {
    const mail = reminderMail({
      name: '<img src=x onerror=alert(1)> "Bo" & Co',
      plan: plan({ names: ['<b>Ratios</b> & "rates"', 'Percents'] }),
      dueReviews: 0,
      appUrl: APP,
      unsubscribeUrl: `${UNSUBSCRIBE}&x="y"`,
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt; &quot;Bo&quot; &amp; Co,');
    expect(mail.html).toContain('&lt;b&gt;Ratios&lt;/b&gt; &amp; &quot;rates&quot;');
    expect(mail.html).toContain('token=abc.def&amp;x=%22y%22"');
  });

  it('never lets user text add tags or break out of an attribute (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, objectiveName) => {
        const mail = reminderMail({
          name,
          plan: plan({ names: [objectiveName, 'Percents'] }),
          dueReviews: 2,
          appUrl: APP,
          unsubscribeUrl: UNSUBSCRIBE,
        });
        const tags = mail.html.match(/<[^>]*>/g) ?? [];
        const allowed =
          /^<(!doctype html|html lang="en"|\/?(body|html|p|ul|li)|a href="[^"<>]*"|\/a)>$/;
        for (const tag of tags) expect(tag).toMatch(allowed);
        expect(mail.subject).not.toMatch(/[\r\n]/);
      }),
    );
  });

  it('keeps the greeting on one line and short', () => {
    const mail = reminderMail({
      name: `Ana\r\nBcc: someone@example.com${'x'.repeat(100)}`,
      plan: plan(),
      dueReviews: 0,
      appUrl: APP,
      unsubscribeUrl: UNSUBSCRIBE,
    });
    const greeting = mail.text.split('\n')[0];
    expect(greeting.startsWith('Hi Ana Bcc: someone@example.com')).toBe(true);
    expect(greeting.length).toBeLessThanOrEqual('Hi ,'.length + MAX_NAME_LENGTH);
  });

  it('has no plan lines when the exam date is past, and says so', () => {
    const mail = reminderMail({
      plan: plan({ examDate: '2026-11-01' }),
      dueReviews: 0,
      appUrl: APP,
      unsubscribeUrl: UNSUBSCRIBE,
    });
    expect(mail.subject).toBe('Your study plan');
    expect(mail.text).toContain('Your exam date, 2026-11-01, has passed.');
    expect(mail.text).not.toContain("Today's plan:");
  });

  it.each([
    'javascript:alert(1)',
    '/relative/path',
    'http://app.example.com/unsubscribe',
    'https://app.example.com/a b',
  ])('refuses the link %s', (url) => {
    expect(() =>
      reminderMail({ plan: plan(), dueReviews: 0, appUrl: APP, unsubscribeUrl: url }),
    ).toThrow(RangeError);
  });

  it('accepts http on a loopback host (maildev and the local app)', () => {
    const mail = reminderMail({
      plan: plan(),
      dueReviews: 0,
      appUrl: 'http://localhost:5173/',
      unsubscribeUrl: 'http://127.0.0.1:3000/api/reminders/unsubscribe?token=t',
    });
    expect(mail.text).toContain('Open your plan: http://localhost:5173/');
  });
});

describe('unsubscribeHeaders', () => {
  it('gives the RFC 8058 one-click headers', () => {
    expect(unsubscribeHeaders(UNSUBSCRIBE)).toEqual({
      'List-Unsubscribe': `<${UNSUBSCRIBE}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('refuses a link that would break the header', () => {
    expect(() => unsubscribeHeaders('https://a.example.com/x\r\nBcc: b@example.com')).toThrow(
      RangeError,
    );
    expect(() => unsubscribeHeaders('mailto:unsubscribe@example.com')).toThrow(RangeError);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
