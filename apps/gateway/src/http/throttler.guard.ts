import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { RequestWithActor } from '../auth/auth.decorators';

/** Rate limits per signed-in user, else per client address (runs after the auth guard). */
@Injectable()
export class ActorThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const r = req as unknown as RequestWithActor;
    return r.actor ? `user:${r.actor.uid}` : `ip:${r.ip}`;
  }

  /**
   * The counter's key as plain text (route, throttler name, tracker): the library's own hashes
   * the same text with SHA-256 on every request, for keys that never leave this process.
   */
  protected override generateKey(context: ExecutionContext, suffix: string, name: string): string {
    return `${context.getClass().name}-${context.getHandler().name}-${name}-${suffix}`;
  }
}
