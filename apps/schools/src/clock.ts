import { Injectable } from '@nestjs/common';

/** The service's clock (milliseconds since the epoch): one place that reads the time, so tests can move it. */
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
