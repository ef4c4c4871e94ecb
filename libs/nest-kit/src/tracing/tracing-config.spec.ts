import { tracingConfig } from './tracing-config';

describe('tracingConfig (the standard OTEL_* variables, ADR 0035)', () => {
  it('is off without an OTLP endpoint: nothing to load, nothing to patch', () => {
    expect(tracingConfig({})).toBeNull();
    expect(tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBeNull();
    expect(tracingConfig({ OTEL_SERVICE_NAME: 'gateway' })).toBeNull();
  });

  it('is on with the base or the traces endpoint, the traces one first', () => {
    expect(tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toEqual({
      endpoint: 'http://127.0.0.1:4318',
      sampler: { kind: 'parentbased', root: 'always_on' },
      // Nest's two spans per request only when enabled by name (ADR 0035, Overhead)
      disabled: ['nestjs-core'],
      warnings: [],
    });
    expect(
      tracingConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/v1/traces',
      })?.endpoint,
    ).toBe('http://b:4318/v1/traces');
  });

  it('stays off when the SDK is disabled or the traces exporter is none', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
    expect(tracingConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(tracingConfig({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBeNull();
    expect(tracingConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBeNull();
    expect(tracingConfig({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).not.toBeNull();
    expect(tracingConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'otlp' })).not.toBeNull();
  });

  it('stays off for an exporter it does not have', () => {
    expect(
      tracingConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_TRACES_EXPORTER: 'zipkin',
      }),
    ).toBeNull();
  });

  it('reads the standard samplers and their ratio', () => {
    const on = (sampler: string, arg?: string) =>
      tracingConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_TRACES_SAMPLER: sampler,
        ...(arg === undefined ? {} : { OTEL_TRACES_SAMPLER_ARG: arg }),
      });
    expect(on('always_on')?.sampler).toEqual({ kind: 'always_on' });
    expect(on('always_off')?.sampler).toEqual({ kind: 'always_off' });
    expect(on('traceidratio', '0.25')?.sampler).toEqual({ kind: 'traceidratio', ratio: 0.25 });
    expect(on('parentbased_always_off')?.sampler).toEqual({
      kind: 'parentbased',
      root: 'always_off',
    });
    expect(on('parentbased_traceidratio', '0.1')?.sampler).toEqual({
      kind: 'parentbased_traceidratio',
      ratio: 0.1,
    });
  });

  it('says which setting it cannot honour and goes on with the default', () => {
    const c = tracingConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_TRACES_SAMPLER: 'traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '2',
    });
    expect(c?.sampler).toEqual({ kind: 'traceidratio', ratio: 1 });
    expect(c?.warnings).toEqual(['OTEL_TRACES_SAMPLER_ARG=2: not a ratio in [0, 1]; 1 is used']);
    expect(
      tracingConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_TRACES_SAMPLER: 'jaeger_remote',
      })?.warnings,
    ).toEqual(['OTEL_TRACES_SAMPLER=jaeger_remote: unknown; parentbased_always_on is used']);
  });

  it('leaves out the instrumentations named, by short or package name, and says which it does not know', () => {
    const c = tracingConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_NODE_DISABLED_INSTRUMENTATIONS: 'nestjs-core, @opentelemetry/instrumentation-http,fs',
    });
    expect(c?.disabled).toEqual(['http', 'nestjs-core']);
    expect(c?.warnings).toEqual([
      'OTEL_NODE_DISABLED_INSTRUMENTATIONS: fs is not one of http, undici, mongodb, aws-sdk, nestjs-core',
    ]);
  });

  it('uses only the instrumentations OTEL_NODE_ENABLED_INSTRUMENTATIONS names, less the disabled ones', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
    expect(
      tracingConfig({ ...endpoint, OTEL_NODE_ENABLED_INSTRUMENTATIONS: 'http,nestjs-core' })
        ?.disabled,
    ).toEqual(['undici', 'mongodb', 'aws-sdk']);
    expect(
      tracingConfig({
        ...endpoint,
        OTEL_NODE_ENABLED_INSTRUMENTATIONS: 'http,undici,mongodb,aws-sdk,nestjs-core',
        OTEL_NODE_DISABLED_INSTRUMENTATIONS: 'mongodb',
      })?.disabled,
    ).toEqual(['mongodb']);
    const unknown = tracingConfig({ ...endpoint, OTEL_NODE_ENABLED_INSTRUMENTATIONS: 'express' });
    expect(unknown?.disabled).toEqual(['http', 'undici', 'mongodb', 'aws-sdk', 'nestjs-core']);
    expect(unknown?.warnings).toEqual([
      'OTEL_NODE_ENABLED_INSTRUMENTATIONS: express is not one of http, undici, mongodb, aws-sdk, nestjs-core',
    ]);
  });
});
