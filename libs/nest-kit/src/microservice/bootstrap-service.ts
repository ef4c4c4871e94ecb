import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@examprep/contracts';
import { ConfigError, loadConfig } from '../config/load-config';
import { natsServers } from '../config/nats-servers';
import { startHealthServer, type ReadinessChecks } from '../health/health-server';
import { createLogger, flushLogs, PinoNestLogger } from '../logging/logger';
import { initMetrics } from '../metrics/metrics';
import { AllRpcExceptionsFilter } from '../rpc/rpc-exceptions.filter';
import { shutdownTracing } from '../tracing/register-tracing';
import { DrainingNatsServer } from './draining-nats.server';
import { FrozenReplySerializer } from './frozen-reply.serializer';

export interface ServiceBootstrapOptions {
  name: ServiceName;
  module: Type<unknown> | DynamicModule;
  natsUrl: string;
  healthPort: number;
  healthHost?: string;
  /** Extra readiness checks besides NATS (e.g. the database). */
  readiness?: (app: INestMicroservice) => ReadinessChecks;
}

/**
 * What every service's main.ts does (STYLE.md §2): pino logger, NATS in the service's queue
 * group, global error filter, correlation id and handler metrics (DrainingNatsServer), health
 * port, graceful drain on SIGTERM/SIGINT, exit 1 with a clear message if start-up fails.
 */
/**
 * Closes the app on SIGTERM/SIGINT (Kubernetes stops pods with SIGTERM), exports the spans
 * still buffered, writes out the logs and exits 0; a close that hangs is cut after 20 s with
 * exit code 1.
 */
export function exitGracefully(
  close: () => Promise<void>,
  log: { info: (o: object, m?: string) => void },
): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      flushLogs();
      process.exit(1);
    }, 20_000);
    force.unref();
    try {
      await close();
      log.info({}, 'stopped');
    } finally {
      // the spans of the last requests still in the exporter's batch (ADR 0035)
      await shutdownTracing().catch(() => undefined);
      flushLogs();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

export async function bootstrapService(
  options: ServiceBootstrapOptions,
): Promise<INestMicroservice> {
  const log = createLogger(options.name);
  initMetrics(options.name);
  const strategy = new DrainingNatsServer({
    servers: natsServers(options.natsUrl),
    queue: options.name,
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // a service's cached, frozen answers are turned into JSON once
    serializer: new FrozenReplySerializer(),
  });
  const app = await NestFactory.createMicroservice(options.module, {
    strategy,
    logger: new PinoNestLogger(log),
  });
  app.useGlobalFilters(new AllRpcExceptionsFilter());
  await app.listen();

  let stopping = false;
  const checks: ReadinessChecks = {
    nats: () => !stopping && strategy.isConnected,
    ...(options.readiness?.(app) ?? {}),
  };
  const health = await startHealthServer(
    options.healthPort,
    options.healthHost ?? '0.0.0.0',
    checks,
  );
  log.info(
    { queue: options.name, healthPort: options.healthPort },
    `${options.name} service listening on NATS`,
  );

  exitGracefully(async () => {
    stopping = true;
    try {
      await app.close();
    } finally {
      health.close();
    }
  }, log);
  return app;
}

/** Loads configuration or stops the process naming what is missing (exit code 1). */
export function loadConfigOrExit<T extends object>(schema: new () => T): T {
  try {
    return loadConfig(schema);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

/** Runs main() and turns a start-up failure into one clear line and exit code 1. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((e: unknown) => {
    flushLogs();
    process.stderr.write(`Start-up failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
