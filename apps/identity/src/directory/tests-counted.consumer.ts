import { Injectable } from '@nestjs/common';
import { Events, type UserTestsCountedEvent } from '@examprep/contracts';
import { JetStreamConsumer, rootLogger } from '@examprep/nest-kit';
import { UserDirectory } from './user-directory.service';

const MAX_UID_LENGTH = 128;

/** A testsCounted fact as the directory keeps it, or null when it is not one. */
export function readTestsCounted(
  event: unknown,
): { uid: string; tests: number; version: number } | null {
  if (typeof event !== 'object' || event === null) return null;
  const e = event as Partial<Record<keyof UserTestsCountedEvent, unknown>>;
  if (typeof e.uid !== 'string' || e.uid.length === 0 || e.uid.length > MAX_UID_LENGTH) return null;
  if (typeof e.tests !== 'number' || !Number.isSafeInteger(e.tests) || e.tests < 0) return null;
  if (typeof e.version !== 'number' || !Number.isSafeInteger(e.version) || e.version < 1)
    return null;
  return { uid: e.uid, tests: e.tests, version: e.version };
}

/**
 * The admin list's Tests column (admin spec §2.1): each user's test count as the testing
 * service publishes it (`events.user.testsCounted`), kept in the user directory. Idempotent and
 * order-proof: only a higher version is applied.
 */
@Injectable()
export class TestsCountedConsumer {
  constructor(private readonly directory: UserDirectory) {}

  @JetStreamConsumer({ durable: 'identity-tests-counted', subject: Events.userTestsCounted })
  async apply(event: UserTestsCountedEvent): Promise<void> {
    const fact = readTestsCounted(event);
    if (!fact) {
      rootLogger().warn({ event }, 'testsCounted: not a count fact; ignored');
      return;
    }
    await this.directory.testsCounted(fact.uid, fact.tests, fact.version);
  }
}
