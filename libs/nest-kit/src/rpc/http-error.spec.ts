import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  NotFoundException,
} from '@nestjs/common';
import { RpcCallError } from './nats-rpc.client';
import { codeForStatus, toHttpError } from './http-error';

describe('toHttpError', () => {
  it('keeps a service error status, code, message and fields', () => {
    const sut = toHttpError(
      new RpcCallError({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'content is required.',
        fields: { content: ['content is required.'] },
      }),
      'e1',
    );
    expect(sut).toEqual({
      status: 400,
      body: {
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: 'content is required.',
        fields: { content: ['content is required.'] },
      },
      log: false,
    });
  });

  it('answers 503 and 504 from the bus with the error id', () => {
    expect(
      toHttpError(
        new RpcCallError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' }),
        'e2',
      ),
    ).toMatchObject({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', errorId: 'e2' },
    });
    expect(
      toHttpError(new RpcCallError({ status: 504, code: 'GATEWAY_TIMEOUT', message: 'y' }), 'e3')
        .status,
    ).toBe(504);
  });

  it('maps Nest HTTP exceptions with a default code', () => {
    expect(toHttpError(new ForbiddenException('Admins only.'), 'e').body).toEqual({
      error: 'Forbidden',
      code: 'FORBIDDEN',
      message: 'Admins only.',
    });
    expect(toHttpError(new NotFoundException(), 'e').body.code).toBe('NOT_FOUND');
    expect(
      toHttpError(
        new BadRequestException({ message: 'm', code: 'CUSTOM', fields: { a: ['m'] } }),
        'e',
      ).body,
    ).toEqual({
      error: 'Bad Request',
      code: 'CUSTOM',
      message: 'm',
      fields: { a: ['m'] },
    });
  });

  it('gives 413 and 415 their own codes, and no client error the code INTERNAL', () => {
    // what Nest makes of Fastify's own errors: HttpException(message, status)
    expect(toHttpError(new HttpException('Request body is too large', 413), 'e').body).toEqual({
      error: 'Payload Too Large',
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large',
    });
    expect(toHttpError(new HttpException('Unsupported Media Type', 415), 'e').body.code).toBe(
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(toHttpError(new HttpException('x', 405), 'e').body.code).toBe('METHOD_NOT_ALLOWED');
    for (let status = 400; status < 500; status++) {
      expect(codeForStatus(status)).not.toBe('INTERNAL');
    }
    expect(codeForStatus(500)).toBe('INTERNAL');
    expect(codeForStatus(502)).toBe('INTERNAL');
  });

  it('hides anything unknown behind a generic 500 that never carries the stack', () => {
    const sut = toHttpError(new TypeError('secret internals at /srv/app.js:12'), 'err-9');
    expect(sut).toEqual({
      status: 500,
      body: {
        error: 'Internal Server Error',
        code: 'INTERNAL',
        message: 'An unexpected error occurred.',
        errorId: 'err-9',
      },
      log: true,
    });
    expect(JSON.stringify(sut.body)).not.toContain('secret');
  });

  it('never lets a service answer a non-error status', () => {
    expect(
      toHttpError(new RpcCallError({ status: 200, code: 'X', message: 'odd' }), 'e').status,
    ).toBe(500);
  });
});
