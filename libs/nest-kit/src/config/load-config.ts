import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function flatten(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => {
    const constraints = Object.values(e.constraints ?? {});
    const value = e.value === undefined ? 'missing' : 'invalid';
    return constraints.length > 0
      ? [`${e.property} (${value}): ${constraints.join('; ')}`]
      : flatten(e.children ?? []);
  });
}

/**
 * Validates the environment once at start into one typed object (immich's EnvDto).
 * Throws ConfigError naming every missing or malformed variable.
 */
export function loadConfig<T extends object>(
  schema: new () => T,
  env: NodeJS.ProcessEnv = process.env,
): T {
  const config = plainToInstance(
    schema,
    { ...env },
    { enableImplicitConversion: false, exposeDefaultValues: true },
  );
  const errors = validateSync(config, { whitelist: true, forbidUnknownValues: true });
  if (errors.length > 0) throw new ConfigError(flatten(errors));
  return config;
}
