import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { reminderMail, unsubscribeHeaders } from '@examprep/learning';
import { rootLogger } from '@examprep/nest-kit';
import { createTransport, type Transporter } from 'nodemailer';
import { TestingEnv } from '../config/testing.env';
import { Clock } from '../exams/clock';
import { LearningRepository, type StoredPlan } from './learning.repository';
import { LearningService } from './learning.service';

/** One mail as the reminders send it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Sends mail (SmtpMailer; unit specs give a fake). */
export const MAILER = Symbol('MAILER');
export interface Mailer {
  /** False when no mail server is set up (nothing is sent). */
  readonly enabled: boolean;
  send(mail: OutgoingMail): Promise<void>;
}

/** Plans looked at per sweep at most (the next sweep takes the rest). */
export const REMINDER_BATCH = 200;

/** Mail over SMTP (nodemailer) to SMTP_URL: maildev locally, the operator's relay in production. */
@Injectable()
export class SmtpMailer implements Mailer, OnModuleDestroy {
  private readonly transport: Transporter | null;

  constructor(private readonly env: TestingEnv) {
    this.transport = env.SMTP_URL ? createTransport(env.SMTP_URL) : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) return;
    await this.transport.sendMail({ from: this.env.MAIL_FROM, ...mail });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}

/**
 * The study plan's opt-in daily reminder (issue 29): from REMINDER_HOUR_UTC on, each replica
 * sweeps the plans with reminders on that were not reminded today, claims each (one replica
 * wins: learning_plans.remindedOn), and mails today's plan with its one-click unsubscribe
 * (RFC 8058 headers to the API's POST, and a link to the app's page that POSTs on a click). A
 * plan whose exam has passed gets no mail. A mail that fails is not retried that day (the claim
 * stands): a reminder is not worth a second mail by mistake.
 */
@Injectable()
export class ReminderSender implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly repo: LearningRepository,
    private readonly learning: LearningService,
    private readonly clock: Clock,
    private readonly env: TestingEnv,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  /** One sweep: sends the day's reminders still to send; how many went out. */
  async sweep(): Promise<number> {
    if (!this.mailer.enabled) return 0;
    const now = this.clock.now();
    if (now.getUTCHours() < this.env.REMINDER_HOUR_UTC) return 0;
    const day = now.toISOString().slice(0, 10);
    let sent = 0;
    for (const plan of await this.repo.plansToRemind(day, REMINDER_BATCH)) {
      if (!(await this.repo.claimReminder(plan.uid, day))) continue;
      try {
        if (await this.remind(plan, day)) sent++;
      } catch (err) {
        rootLogger().warn({ err, uid: plan.uid }, 'study reminder not sent');
      }
    }
    return sent;
  }

  private async remind(plan: StoredPlan, day: string): Promise<boolean> {
    if (plan.examDate < day) return false;
    const web = this.env.WEB_URL.replace(/\/+$/, '');
    const token = encodeURIComponent(plan.unsubscribe);
    const built = await this.learning.planFor(plan.uid, plan);
    const dueToday = built.days[0]?.blocks.find((b) => b.kind === 'review')?.questions ?? 0;
    const mail = reminderMail({
      plan: built,
      dueReviews: dueToday,
      appUrl: `${web}/study-plan`,
      unsubscribeUrl: `${web}/unsubscribe?token=${token}`,
    });
    await this.mailer.send({
      to: plan.email,
      ...mail,
      headers: unsubscribeHeaders(`${web}/api/learning/unsubscribe?token=${token}`),
    });
    return true;
  }

  onApplicationBootstrap(): void {
    if (!this.mailer.enabled) {
      rootLogger().info('SMTP_URL is not set: study reminders are not sent');
      return;
    }
    this.timer = setInterval(() => void this.pass(), this.env.REMINDER_SWEEP_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    if (this.running) return;
    this.running = this.sweep().catch((err: unknown) => {
      rootLogger().error({ err }, 'study reminder sweep failed');
      return 0;
    });
    try {
      const sent = await this.running;
      if (sent > 0) rootLogger().info({ sent }, 'study reminders sent');
    } finally {
      this.running = undefined;
    }
  }
}
