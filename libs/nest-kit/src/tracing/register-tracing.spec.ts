// Each case loads the modules afresh (jest.isolateModules), with start-tracing mocked: what
// registerTracing loads, and when, is what is under test.
/* eslint-disable @typescript-eslint/no-require-imports */
const load = () => ({
  register: require('./register-tracing') as typeof import('./register-tracing'),
  state: require('./tracing-state') as typeof import('./tracing-state'),
});

describe('registerTracing (the first line of every main, ADR 0035)', () => {
  afterEach(() => jest.resetModules());

  it('loads no SDK and patches nothing without an OTLP endpoint', () => {
    jest.isolateModules(() => {
      jest.doMock('./start-tracing', () => {
        throw new Error('the SDK was loaded');
      });
      const { registerTracing } = load().register;
      const { tracingActive } = load().state;
      expect(registerTracing('gateway', {})).toBe(false);
      expect(
        registerTracing('gateway', {
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
          OTEL_SDK_DISABLED: 'true',
        }),
      ).toBe(false);
      expect(tracingActive()).toBe(false);
    });
  });

  it('starts the SDK once with an endpoint, under the app name, and stops it', async () => {
    const started: unknown[] = [];
    let stopped = 0;
    let shutdown!: () => Promise<void>;
    let state!: typeof import('./tracing-state');
    jest.isolateModules(() => {
      state = load().state;
      jest.doMock('./start-tracing', () => ({
        startTracing: (o: unknown) => {
          started.push(o);
          state.setTracingActive(true);
          return {
            flush: async () => undefined,
            shutdown: async () => {
              stopped++;
              state.setTracingActive(false);
            },
          };
        },
      }));
      const { registerTracing, shutdownTracing } = load().register;
      const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
      expect(registerTracing('testing', env)).toBe(true);
      expect(registerTracing('testing', env)).toBe(true);
      shutdown = shutdownTracing;
    });
    expect(started).toEqual([
      {
        serviceName: 'testing',
        sampler: { kind: 'parentbased', root: 'always_on' },
        disabled: ['nestjs-core'],
      },
    ]);
    expect(state.tracingActive()).toBe(true);
    await shutdown();
    await shutdown();
    expect(stopped).toBe(1);
    expect(state.tracingActive()).toBe(false);
  });
});
