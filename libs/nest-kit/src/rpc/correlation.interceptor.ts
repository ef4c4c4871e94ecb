import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { type NatsContext } from '@nestjs/microservices';
import { Observable } from 'rxjs';
import {
  CORRELATION_HEADER,
  correlationIdFrom,
  runWithCorrelationId,
} from '../logging/correlation';
import { rootLogger } from '../logging/logger';
import {
  errorOutcome,
  natsHandlerDuration,
  natsHandlerErrors,
  secondsSince,
} from '../metrics/metrics';

/**
 * Service side: runs each NATS handler inside the caller's correlation id, logs it and times it
 * (examprep_nats_handler_duration_seconds by subject and outcome).
 */
@Injectable()
export class CorrelationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const ctx = context.switchToRpc().getContext<NatsContext>();
    const headers = ctx.getHeaders?.();
    const id = correlationIdFrom(headers?.get(CORRELATION_HEADER));
    const subject = ctx.getSubject();
    const started = process.hrtime.bigint();
    return new Observable((subscriber) =>
      runWithCorrelationId(id, () =>
        next.handle().subscribe({
          next: (v) => subscriber.next(v),
          error: (e) => {
            const outcome = errorOutcome(e);
            natsHandlerDuration.observe(secondsSince(started), subject, outcome);
            if (outcome === '5xx') natsHandlerErrors.inc({ subject });
            rootLogger().info({ subject, ms: elapsed(started), ok: false, code: e?.code }, 'rpc');
            subscriber.error(e);
          },
          complete: () => {
            natsHandlerDuration.observe(secondsSince(started), subject, 'ok');
            rootLogger().debug({ subject, ms: elapsed(started), ok: true }, 'rpc');
            subscriber.complete();
          },
        }),
      ),
    );
  }
}

function elapsed(started: bigint): number {
  return Number((process.hrtime.bigint() - started) / 1000n) / 1000;
}
