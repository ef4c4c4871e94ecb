import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { ServiceError } from './rpc-error';

/** Per-field messages from class-validator errors (nested fields as a.b). */
export function validationErrorsToFields(
  errors: ValidationError[],
  prefix = '',
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const e of errors) {
    const name = prefix ? `${prefix}.${e.property}` : e.property;
    const messages = Object.entries(e.constraints ?? {}).map(([rule, text]) =>
      rule === 'whitelistValidation' ? `${name} is not an allowed field.` : text,
    );
    if (messages.length > 0) fields[name] = messages;
    Object.assign(fields, validationErrorsToFields(e.children ?? [], name));
  }
  return fields;
}

/** One sentence naming the fields: the first message of each field. */
export function fieldsMessage(fields: Record<string, string[]>): string {
  return Object.values(fields)
    .map((m) => m[0])
    .join(' ');
}

export const VALIDATION_OPTIONS = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
} as const;

/** The service re-checks what the gateway checked: same DTO class, same messages. */
export function validatePayload<T extends object>(dto: new () => T, plain: unknown): T {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    throw ServiceError.badRequest('The request body must be a JSON object.');
  }
  const instance = plainToInstance(dto, plain);
  const errors = validateSync(instance, VALIDATION_OPTIONS);
  if (errors.length > 0) {
    const fields = validationErrorsToFields(errors);
    throw ServiceError.badRequest(fieldsMessage(fields), fields);
  }
  return instance;
}
