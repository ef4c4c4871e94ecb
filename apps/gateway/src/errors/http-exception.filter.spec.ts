import { BadRequestException, HttpException } from '@nestjs/common';
import { REQUEST_MESSAGES } from '../http/json-body';
import { fromFastify } from './http-exception.filter';

/** A FastifyError as @fastify/error makes them (name, code, statusCode). */
function fastifyError(statusCode: number, message: string) {
  return Object.assign(new Error(message), { name: 'FastifyError', code: 'FST_X', statusCode });
}

describe('fromFastify', () => {
  it.each([
    // Nest hands Fastify's errors to the filter as HttpException(message, status)...
    ['wrapped by Nest', (status: number, m: string) => new HttpException(m, status)],
    // ...or, when they bypass Nest's mapping, raw
    ['raw', fastifyError],
  ])('gives 413 and 415 (%s) our codes and texts', (_, make) => {
    expect(
      (fromFastify(make(413, 'Request body is too large')) as HttpException).getResponse(),
    ).toEqual({ message: REQUEST_MESSAGES.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect(
      (fromFastify(make(415, 'Unsupported Media Type: x')) as HttpException).getResponse(),
    ).toEqual({ message: REQUEST_MESSAGES.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const bad = fromFastify(make(400, 'Request body size did not match Content-Length'));
    expect((bad as HttpException).getStatus()).toBe(400);
    expect((bad as HttpException).getResponse()).toEqual({
      message: 'Request body size did not match Content-Length',
      code: 'MALFORMED_REQUEST',
    });
  });

  it('leaves our own exceptions and unknown errors alone (a 5xx stays generic)', () => {
    const ours = new BadRequestException({ message: 'm', code: 'BODY_TOO_DEEP' });
    expect(fromFastify(ours)).toBe(ours);
    const boom = new TypeError('x');
    expect(fromFastify(boom)).toBe(boom);
    const internal = fastifyError(500, 'secret');
    expect(fromFastify(internal)).toBe(internal);
  });
});
