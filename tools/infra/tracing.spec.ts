// Jaeger of `infra.sh start --with tracing` (tracing.cjs, ADR 0035): one version and one set of
// ports per profile in infra.config.json, never a port another server or profile uses, and a
// configuration that listens on loopback only, on those ports.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { infraModel, PROFILES, readConfigFile } from './environment.cjs';
import { jaegerConfig, jaegerModel, shellVars, tracingEnv } from './tracing.cjs';

const clean = { env: {} };

describe.each(PROFILES)('Jaeger of the %s profile', (profile) => {
  const j = jaegerModel(profile, clean);

  it('is the pinned Go module, installed into the cache', () => {
    const written = JSON.parse(fs.readFileSync(path.join(__dirname, 'infra.config.json'), 'utf8'));
    expect(j.version).toBe(written.versions.jaeger);
    expect(j.version).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(j.package).toBe(`${j.module}/cmd/jaeger`);
    expect(j.bin).toBe(path.join(infraModel(profile, clean).cacheDir, 'bin', 'jaeger'));
  });

  it('listens on loopback on its own ports only', () => {
    const yaml = jaegerConfig(j);
    const endpoints = [...yaml.matchAll(/endpoint: (\S+)/g)].map((m) => m[1]);
    expect(endpoints.sort()).toEqual(
      [j.ports.otlpHttp, j.ports.query, j.ports.queryGrpc].map((p) => `127.0.0.1:${p}`).sort(),
    );
    // the collector's own metrics listener (8888 by default) is off
    expect(yaml).toMatch(/metrics:\n {6}level: none\n/);
    expect(j.otlpEndpoint).toBe(`http://127.0.0.1:${j.ports.otlpHttp}`);
  });

  it("shares no port with the profile's servers and apps, nor with another profile", () => {
    const taken = new Map<number, string>();
    for (const p of PROFILES) {
      for (const [name, port] of Object.entries(infraModel(p, clean).ports))
        taken.set(port, `${p}.${name}`);
      if (p !== profile) {
        for (const [name, port] of Object.entries(jaegerModel(p, clean).ports))
          taken.set(port, `${p}.jaeger.${name}`);
      }
    }
    for (const [name, port] of Object.entries(j.ports)) {
      expect([name, taken.get(port)]).toEqual([name, undefined]);
    }
    expect(new Set(Object.values(j.ports)).size).toBe(3);
  });

  it('hands infra.sh its version, module and ports', () => {
    expect(shellVars(profile, clean)).toMatchObject({
      JAEGER_PACKAGE: j.package,
      PORT_JAEGER_OTLP_HTTP: j.ports.otlpHttp,
      PORT_JAEGER_QUERY: j.ports.query,
      JAEGER_HEALTH_URL: `${j.queryUrl}/api/services`,
    });
  });
});

describe('tracingEnv: what the apps add while Jaeger runs', () => {
  it('adds nothing while the profile has no Jaeger running', () => {
    const file = readConfigFile();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracing-spec-'));
    const profiles = { ...file.profiles, test: { ...file.profiles.test, dataDir: dir } };
    expect(tracingEnv('test', {}, { file: { ...file, profiles } })).toEqual({});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("points the apps at the profile's Jaeger while it runs", async () => {
    const file = readConfigFile();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracing-spec-'));
    const options = {
      file: {
        ...file,
        profiles: { ...file.profiles, test: { ...file.profiles.test, dataDir: dir } },
      },
    };
    const j = jaegerModel('test', options);
    // a stand-in whose command line names the profile's data dir, as Jaeger's config path does
    const standIn = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)', dir], {
      stdio: 'ignore',
    });
    try {
      fs.mkdirSync(path.dirname(j.pidFile), { recursive: true });
      fs.writeFileSync(j.pidFile, String(standIn.pid));
      await new Promise((r) => setTimeout(r, 100));
      expect(tracingEnv('test', {}, options)).toEqual({
        OTEL_EXPORTER_OTLP_ENDPOINT: j.otlpEndpoint,
      });
      // a pid file left behind by a process that is gone, or another process under that pid
      fs.writeFileSync(j.pidFile, String(process.pid));
      expect(tracingEnv('test', {}, options)).toEqual({});
    } finally {
      standIn.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves an endpoint the caller set alone', () => {
    expect(tracingEnv('dev', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({});
    expect(
      tracingEnv('dev', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }),
    ).toEqual({});
  });
});
