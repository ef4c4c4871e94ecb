// Jest globalSetup for integration tests: starts the TEST servers when they are not up and
// exports them under the names the apps read (infraEnv; inherited by the test workers). Reuse it from any
// project's jest.int.config.cjs through libs/test-kit/jest-infra.cjs.
import { infraEnv } from './config';
import { ensureInfra } from './infra';

/** globalThis key: the servers this jest run started (setup and teardown share the process). */
export const STARTED_FLAG = '__EXAMPREP_TEST_INFRA_STARTED__';

export default async function globalSetup(): Promise<void> {
  const t0 = Date.now();
  const { startedServers, config } = await ensureInfra('test');
  Object.assign(process.env, infraEnv(config));
  if (startedServers.length > 0) {
    const flags = globalThis as Record<string, unknown>;
    const already = (flags[STARTED_FLAG] as string[] | undefined) ?? [];
    flags[STARTED_FLAG] = [...already, ...startedServers];
    process.stderr.write(
      `[test-kit] test infrastructure started in ${((Date.now() - t0) / 1000).toFixed(1)}s\n`,
    );
  }
}
