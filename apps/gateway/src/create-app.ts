import helmet from 'helmet';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  CORRELATION_HEADER,
  correlationIdFrom,
  initMetrics,
  METRICS_CONTENT_TYPE,
  metricsText,
  nameHttpServerSpan,
  traceHttpRequests,
  observeHttp,
  PinoNestLogger,
  rootLogger,
  runWithCorrelationId,
} from '@examprep/nest-kit';
import { GatewayModule } from './app.module';
import type { TokenVerifier } from './auth/token-verifier';
import type { GatewayEnv } from './config/gateway.env';
import { BodyShapePipe } from './http/body-shape.pipe';
import { frameworkErrorHandler } from './http/framework-errors';
import { BODY_LIMIT_BYTES, registerJsonBodyParser } from './http/json-body';
import { serveOpenApi } from './http/openapi-document';
import { trustProxyOf } from './http/trust-proxy';
import { createValidationPipe } from './http/validation.pipe';

/** Builds the gateway (used by main.ts and by the integration tests). */
export async function createGatewayApp(
  env: GatewayEnv,
  options: { tokenVerifier?: TokenVerifier } = {},
): Promise<NestFastifyApplication> {
  // security headers: one helmet middleware built once (@fastify/helmet rebuilds it per request)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const adapter = new FastifyAdapter({
    // a malformed URL or an over-long path segment: our body and headers, not Fastify's
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    trustProxy: trustProxyOf(env),
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
    requestIdHeader: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot(env, options),
    adapter,
    {
      logger: new PinoNestLogger(rootLogger()),
      bufferLogs: false,
      // Nest's JSON and form parsers are replaced by ours (registerJsonBodyParser below)
      bodyParser: false,
    },
  );

  const fastify = app.getHttpAdapter().getInstance();
  // with tracing on (ADR 0035): each request in a SERVER span, the caller's traceparent its parent
  traceHttpRequests(fastify.server);
  initMetrics('gateway');
  // request bodies: JSON only, size and nesting limited, in one place for every route
  registerJsonBodyParser(fastify);
  // correlation id: taken from the caller when plain, else new; in every log line and NATS header
  fastify.addHook('onRequest', (req, reply, done) => {
    const id = correlationIdFrom(req.headers[CORRELATION_HEADER]);
    void reply.header(CORRELATION_HEADER, id);
    // with tracing on (ADR 0035): the request's span named by its route template
    nameHttpServerSpan(req.method, req.routeOptions.url, id);
    runWithCorrelationId(id, done);
  });
  // The access line has four fixed fields (the path without its query), none of them a secret:
  // it skips the root logger's redaction, which walks every line's fields (a fifth of the line's cost).
  const accessLog = rootLogger().child({}, { redact: [] });
  fastify.addHook('onResponse', (req, reply, done) => {
    // one histogram observation per request, labelled by the route TEMPLATE (bounded)
    observeHttp(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime);
    const query = req.url.indexOf('?');
    accessLog.info(
      {
        method: req.method,
        url: query === -1 ? req.url : req.url.slice(0, query),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'http',
    );
    done();
  });

  fastify.addHook('onRequest', (req, reply, done) =>
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
  if (env.CORS_ORIGINS.length > 0) {
    app.enableCors({
      origin: env.CORS_ORIGINS,
      credentials: false,
      allowedHeaders: ['authorization', 'content-type', CORRELATION_HEADER],
    });
  }

  // Prometheus scrape, after the hooks above (it gets them too): outside the /api prefix like
  // /healthz, so the ingress (/api only) never routes it; in-cluster only (the gateway's
  // NetworkPolicy admits the monitoring namespace). Not a Nest route: not in the OpenAPI document.
  fastify.get('/metrics', async (_req, reply) =>
    reply
      .header('content-type', METRICS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await metricsText()),
  );

  app.setGlobalPrefix('api', {
    exclude: [
      { path: 'healthz', method: RequestMethod.GET },
      { path: 'readyz', method: RequestMethod.GET },
    ],
  });
  app.useGlobalPipes(new BodyShapePipe(), createValidationPipe());

  // the OpenAPI document (/api/docs, /api/docs-json): off in production unless OPENAPI_ENABLED
  serveOpenApi(app, env);

  return app;
}
