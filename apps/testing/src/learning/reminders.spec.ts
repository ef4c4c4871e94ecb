import type { TestingEnv } from '../config/testing.env';
import type { Clock } from '../exams/clock';
import type { LearningRepository, StoredPlan } from './learning.repository';
import type { LearningService } from './learning.service';
import { type Mailer, type OutgoingMail, ReminderSender } from './reminders';

const plan = (uid: string, over: Partial<StoredPlan> = {}): StoredPlan => ({
  uid,
  examDate: '2027-01-20',
  minutesPerDay: 30,
  reminders: true,
  email: `${uid}@x.test`,
  unsubscribe: 'A'.repeat(43),
  remindedOn: '',
  ...over,
});

function setup(now: string, plans: StoredPlan[], enabled = true) {
  const claimed = new Set<string>();
  const repo = {
    plansToRemind: jest.fn(async (day: string) =>
      plans.filter((p) => p.reminders && p.remindedOn < day),
    ),
    claimReminder: jest.fn(async (uid: string, day: string) => {
      const key = `${uid}@${day}`;
      if (claimed.has(key)) return false;
      claimed.add(key);
      return true;
    }),
  } as unknown as LearningRepository;
  const learning = {
    planFor: jest.fn(async () => ({
      examDate: '2027-01-20',
      daysLeft: 53,
      minutesPerDay: 30,
      focus: [],
      days: [
        {
          date: now.slice(0, 10),
          blocks: [
            {
              kind: 'review',
              course: '',
              objective: null,
              name: 'Review',
              minutes: 6,
              questions: 4,
            },
          ],
        },
      ],
      summary: 'A plan.',
    })),
  } as unknown as LearningService;
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = { enabled, send: async (m) => void sent.push(m) };
  const env = {
    REMINDER_HOUR_UTC: 14,
    WEB_URL: 'https://examprep.example.com/',
  } as TestingEnv;
  const clock = { now: () => new Date(now) } as Clock;
  return { sut: new ReminderSender(repo, learning, clock, env, mailer), sent };
}

describe('ReminderSender', () => {
  it('after the hour: one mail per plan with reminders on, with RFC 8058 headers and links to the app', async () => {
    const { sut, sent } = setup('2026-11-28T15:00:00Z', [plan('u1'), plan('u2')]);
    expect(await sut.sweep()).toBe(2);
    expect(sent.map((m) => m.to)).toEqual(['u1@x.test', 'u2@x.test']);
    const token = 'A'.repeat(43);
    expect(sent[0]!.headers).toEqual({
      'List-Unsubscribe': `<https://examprep.example.com/api/learning/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(sent[0]!.text).toContain(`https://examprep.example.com/unsubscribe?token=${token}`);
    expect(sent[0]!.text).toContain('https://examprep.example.com/study-plan');
  });

  it('the same day twice (another replica, the next sweep): no second mail', async () => {
    const { sut, sent } = setup('2026-11-28T15:00:00Z', [plan('u1')]);
    await sut.sweep();
    await sut.sweep();
    expect(sent).toHaveLength(1);
  });

  it('before the hour, without a mail server, or after the exam: nothing', async () => {
    expect(await setup('2026-11-28T13:59:00Z', [plan('u1')]).sut.sweep()).toBe(0);
    expect(await setup('2026-11-28T15:00:00Z', [plan('u1')], false).sut.sweep()).toBe(0);
    const past = setup('2026-11-28T15:00:00Z', [plan('u1', { examDate: '2026-11-27' })]);
    expect(await past.sut.sweep()).toBe(0);
    expect(past.sent).toHaveLength(0);
  });
});
