import { Injectable } from '@nestjs/common';

/** The service's clock: one place that reads the time, so tests can move it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
