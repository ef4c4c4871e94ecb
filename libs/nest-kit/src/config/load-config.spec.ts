import { IsBoolean, IsInt, IsString, IsUrl, Max, Min } from 'class-validator';
import { ToBool, ToInt } from './env-transforms';
import { ConfigError, loadConfig } from './load-config';

class TestEnv {
  @IsUrl({ require_tld: false, protocols: ['nats'] })
  NATS_URL!: string;

  @ToInt()
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT: number = 3000;

  @ToBool()
  @IsBoolean()
  STAGING: boolean = false;

  @IsString()
  NAME!: string;
}

describe('loadConfig', () => {
  it('returns a typed object with defaults and conversions', () => {
    const sut = loadConfig(TestEnv, {
      NATS_URL: 'nats://127.0.0.1:4222',
      NAME: 'x',
      STAGING: 'true',
    });
    expect(sut).toMatchObject({
      NATS_URL: 'nats://127.0.0.1:4222',
      PORT: 3000,
      STAGING: true,
      NAME: 'x',
    });
  });

  it('names every missing or malformed variable', () => {
    let error: unknown;
    try {
      loadConfig(TestEnv, { PORT: 'eighty' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^NATS_URL \(missing\)/m);
    expect(problems).toMatch(/^NAME \(missing\)/m);
    expect(problems).toMatch(/^PORT \(invalid\)/m);
  });

  it('ignores unrelated variables', () => {
    expect(() =>
      loadConfig(TestEnv, { NATS_URL: 'nats://h:1', NAME: 'n', HOME: '/root' }),
    ).not.toThrow();
  });
});
