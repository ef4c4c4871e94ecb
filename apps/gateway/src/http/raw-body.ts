import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ErrorCodes } from '@examprep/contracts';
import type { FastifyRequest } from 'fastify';
import { REQUEST_MESSAGES } from './json-body';

/**
 * The route needs its body's exact text (a signature covers those bytes): the one JSON parser
 * (json-body.ts) keeps it as `req.rawBody` for this route only, with the usual size, depth and
 * JSON checks.
 */
export const KeepRawBody = () => RouteConfig({ rawBody: true });

/**
 * The route is a List-Unsubscribe target (RFC 8058): besides JSON it takes the form body
 * 'List-Unsubscribe=One-Click' a mail client POSTs (json-body.ts); any other form body is 400.
 */
export const OneClickUnsubscribe = () => RouteConfig({ oneClick: true });

/**
 * The route takes form bodies (application/x-www-form-urlencoded) as objects of strings, besides
 * JSON: protocol endpoints whose callers post forms (an LTI launch, an OAuth token request).
 */
export const FormBody = () => RouteConfig({ form: true });

/**
 * The exact text of the request body, which must be a JSON object (400 BODY_NOT_OBJECT
 * otherwise, as every DTO body). A custom parameter: no DTO shape checks, as the body is not
 * ours to whitelist. Use with KeepRawBody().
 */
export const RawJsonBody = createParamDecorator((_: unknown, ctx: ExecutionContext): string => {
  const req = ctx.switchToHttp().getRequest<FastifyRequest>();
  const body: unknown = req.body;
  if (
    typeof req.rawBody !== 'string' ||
    typeof body !== 'object' ||
    body === null ||
    Array.isArray(body)
  ) {
    throw new BadRequestException({
      message: REQUEST_MESSAGES.notObject,
      code: ErrorCodes.BODY_NOT_OBJECT,
    });
  }
  return req.rawBody;
});
