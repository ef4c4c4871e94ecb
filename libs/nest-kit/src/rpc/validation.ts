import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { ServiceError } from './rpc-error';

/** The message for a field no DTO has: a sentence that names the field as it was sent. */
export const unknownFieldMessage = (name: string): string => `Field "${name}" is not allowed.`;

/** Per-field messages from class-validator errors (nested fields as a.b). */
export function validationErrorsToFields(
  errors: ValidationError[],
  prefix = '',
): Record<string, string[]> {
  // Field names are the request's keys ('__proto__', 'constructor', ...): gathered in a Map and
  // made own properties by Object.fromEntries (`fields[name] = ...` could set the prototype).
  const fields = new Map<string, string[]>();
  const collect = (list: ValidationError[], parent: string) => {
    for (const e of list) {
      const name = parent ? `${parent}.${e.property}` : e.property;
      // each sentence once: a DTO often gives two rules of one field the same sentence
      // (IsString and Matches: 'The productId field must be a product id ...')
      const messages = [
        ...new Set(
          Object.entries(e.constraints ?? {}).map(([rule, text]) =>
            rule === 'whitelistValidation' ? unknownFieldMessage(name) : text,
          ),
        ),
      ];
      if (messages.length > 0) fields.set(name, messages);
      collect(e.children ?? [], name);
    }
  };
  collect(errors, prefix);
  return Object.fromEntries(fields);
}

/** Names every object has (Object.prototype's members) and '__proto__'. */
const INHERITED_NAMES: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  '__proto__',
]);
const MAX_FIELD_DEPTH = 32;

/**
 * Fields of a request named like a member of Object.prototype ('constructor', 'toString',
 * '__proto__', ...), at any depth. No DTO has such a field, yet class-transformer drops them
 * without a word, so the whitelist never sees them: they are refused here instead, with the
 * whitelist's message ('Field "toString" is not allowed.').
 */
export function inheritedNameFields(plain: unknown, prefix = ''): Record<string, string[]> {
  const fields = new Map<string, string[]>();
  const walk = (value: unknown, path: string, depth: number) => {
    if (typeof value !== 'object' || value === null || depth > MAX_FIELD_DEPTH) return;
    for (const [key, child] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      if (INHERITED_NAMES.has(key)) fields.set(name, [unknownFieldMessage(name)]);
      walk(child, name, depth + 1);
    }
  };
  walk(plain, prefix, 0);
  return Object.fromEntries(fields);
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
  const fields = { ...inheritedNameFields(plain), ...validationErrorsToFields(errors) };
  if (Object.keys(fields).length > 0) {
    throw ServiceError.badRequest(fieldsMessage(fields), fields);
  }
  return instance;
}
