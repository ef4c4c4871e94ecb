import { IsString } from 'class-validator';
import fc from 'fast-check';
import { ServiceError } from './rpc-error';
import {
  fieldsMessage,
  inheritedNameFields,
  validatePayload,
  validationErrorsToFields,
} from './validation';

/** Every name an object inherits, plus '__proto__'. */
const prototypeKey = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), '__proto__');

class NameDto {
  @IsString({ message: 'name must be text.' })
  name!: string;
}

function refusal(plain: unknown): ServiceError {
  try {
    validatePayload(NameDto, plain);
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('validation errors name the request fields', () => {
  it('an unknown field named after Object.prototype is reported like any other', () => {
    fc.assert(
      fc.property(prototypeKey, (key) => {
        // JSON.parse makes '__proto__' an own key, as a request body would
        const body: unknown = JSON.parse(`{"name": "x", ${JSON.stringify(key)}: 1}`);
        const err = refusal(body);
        expect(err.payload.status).toBe(400);
        const fields = err.payload.fields!;
        expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
        expect(Object.keys(fields)).toEqual([key]);
        expect(fields[key]).toEqual([`Field "${key}" is not allowed.`]);
        expect(err.payload.message).toBe(`Field "${key}" is not allowed.`);
      }),
    );
  });

  it('nested names keep their path and every message', () => {
    const fields = validationErrorsToFields([
      {
        property: 'rounding',
        constraints: {},
        children: [{ property: '__proto__', constraints: { whitelistValidation: 'x' } }],
      },
      { property: 'name', constraints: { isString: 'Name must be text.' } },
    ]);
    expect(fields).toEqual({
      'rounding.__proto__': ['Field "rounding.__proto__" is not allowed.'],
      name: ['Name must be text.'],
    });
    expect(fieldsMessage(fields)).toBe(
      'Field "rounding.__proto__" is not allowed. Name must be text.',
    );
  });

  it('names each sentence of a field once (two rules with the same sentence)', () => {
    const same = 'The productId field must be a product id.';
    expect(
      validationErrorsToFields([
        { property: 'productId', constraints: { isString: same, matches: same } },
        { property: 'n', constraints: { isInt: 'Whole number.', min: 'At least 1.' } },
      ]),
    ).toEqual({ productId: [same], n: ['Whole number.', 'At least 1.'] });
  });

  it('finds names of Object.prototype at any depth, as own keys of the answer', () => {
    fc.assert(
      fc.property(prototypeKey, (key) => {
        const body: unknown = JSON.parse(
          `{"a": {${JSON.stringify(key)}: 1}, "list": [{${JSON.stringify(key)}: 2}], "ok": 3}`,
        );
        const fields = inheritedNameFields(body);
        expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
        expect(Object.keys(fields).sort()).toEqual([`a.${key}`, `list.0.${key}`].sort());
      }),
    );
    expect(inheritedNameFields({ name: 'constructor', list: ['toString'] })).toEqual({});
    expect(inheritedNameFields(null)).toEqual({});
  });
});
