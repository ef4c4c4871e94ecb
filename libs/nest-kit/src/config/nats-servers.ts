import { ValidateBy, type ValidationOptions } from 'class-validator';

const NATS_URL =
  /^(nats|tls):\/\/(?:[^@/\s,]+@)?(\[[0-9a-fA-F:]+\]|[A-Za-z0-9._-]+)(:\d{1,5})?\/?$/;

/**
 * NATS_URL as the client takes it: one server URL, or several separated by commas (the nodes of
 * a NATS cluster, ADR 0029; the client connects to any of them and moves to another when its
 * server goes away). Blanks around the commas are ignored.
 */
export function natsServers(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** One or more nats:// or tls:// URLs, comma-separated. */
export function isNatsUrls(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const servers = natsServers(value);
  return (
    servers.length > 0 &&
    servers.length === value.split(',').length &&
    servers.every((s) => NATS_URL.test(s))
  );
}

export function IsNatsUrls(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isNatsUrls',
      validator: {
        validate: isNatsUrls,
        defaultMessage: (a) =>
          `${a?.property} must be one or more nats:// or tls:// URLs separated by commas`,
      },
    },
    options,
  );
}

/** The largest JetStream replication factor (NATS refuses more than 5). */
export const MAX_STREAM_REPLICAS = 5;

/**
 * Replicas of the JetStream streams and consumers the services declare: NATS_STREAM_REPLICAS
 * (1..5; default 1, one NATS server). 3 on a 3-node NATS cluster (the Kubernetes manifests, the
 * local cluster profile: ADR 0029), so a stream survives the loss of one server. Read outside
 * the apps' config classes, like LOG_LEVEL: every service gets it from nest-kit's JetStream
 * module. A bad value stops the process, naming the variable.
 */
export function streamReplicas(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.NATS_STREAM_REPLICAS;
  if (raw === undefined || raw === '') return 1;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(n) || n < 1 || n > MAX_STREAM_REPLICAS)
    throw new Error(
      `NATS_STREAM_REPLICAS must be an integer from 1 to ${MAX_STREAM_REPLICAS} (got "${raw}")`,
    );
  return n;
}
