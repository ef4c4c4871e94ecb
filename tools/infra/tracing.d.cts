// Types of tracing.cjs: Jaeger of `infra.sh start --with tracing` (ADR 0035).
import type { InfraProfile } from './environment.cjs';

export interface JaegerPorts {
  /** OTLP over HTTP: where the apps send their spans. */
  otlpHttp: number;
  /** The query API and UI. */
  query: number;
  /** The query API over gRPC (not used by us; bound so two profiles never share it). */
  queryGrpc: number;
}

export interface JaegerModel {
  version: string;
  module: string;
  package: string;
  bin: string;
  ports: JaegerPorts;
  otlpEndpoint: string;
  queryUrl: string;
  healthUrl: string;
  pidFile: string;
  logFile: string;
  configFile: string;
  dataDir: string;
  maxTraces: number;
}

/** As infraModel's (for specs): the parsed config file, the environment, the home directory. */
export interface JaegerModelOptions {
  file?: unknown;
  env?: Record<string, string | undefined>;
  home?: string;
}

export function jaegerModel(profile: InfraProfile, options?: JaegerModelOptions): JaegerModel;
export function jaegerConfig(j: JaegerModel): string;
export function jaegerPid(j: JaegerModel): number | null;
export function tracingEnv(
  profile: InfraProfile,
  env?: Record<string, string | undefined>,
  options?: JaegerModelOptions,
): Record<string, string>;
export function shellVars(
  profile: InfraProfile,
  options?: JaegerModelOptions,
): Record<string, string | number>;
