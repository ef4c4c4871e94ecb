import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { RequestWithActor } from '../auth/auth.decorators';

/** Rate limits per signed-in user, else per client address (runs after the auth guard). */
@Injectable()
export class ActorThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const r = req as unknown as RequestWithActor;
    return r.actor ? `user:${r.actor.uid}` : `ip:${r.ip}`;
  }
}
