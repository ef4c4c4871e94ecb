// Jest globalTeardown: leaves the servers as it found them. Stops only the servers this run's
// globalSetup started, unless EXAMPREP_KEEP_INFRA=1 (then they stay up for the next run).
import { type InfraServer, stopInfra } from './infra';
import { STARTED_FLAG } from './jest-global-setup';

export default async function globalTeardown(): Promise<void> {
  const flags = globalThis as Record<string, unknown>;
  const started = (flags[STARTED_FLAG] as InfraServer[] | undefined) ?? [];
  delete flags[STARTED_FLAG];
  if (started.length === 0) return;
  if (process.env.EXAMPREP_KEEP_INFRA === '1') {
    process.stderr.write('[test-kit] EXAMPREP_KEEP_INFRA=1: test infrastructure left running\n');
    return;
  }
  await stopInfra('test', [...new Set(started)]);
}
