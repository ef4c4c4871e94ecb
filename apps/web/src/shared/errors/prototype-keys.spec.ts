// Codes and field names in server answers are data: a name of Object.prototype is unknown.
import fc from 'fast-check';
import { ApiError, errorFromResponse } from '../api/api-client';
import { UNEXPECTED_ERROR_MESSAGE } from './error-messages';
import { messageForCode, translateError } from './translate-error';

const prototypeKey = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), '__proto__');

describe('translateError with codes named after Object.prototype', () => {
  it('knows no message for them, with or without a prefix', () => {
    fc.assert(
      fc.property(prototypeKey, fc.constantFrom('', 'auth/', 'storage/'), (key, prefix) => {
        expect(messageForCode(`${prefix}${key}`)).toBeNull();
        expect(translateError({ code: `${prefix}${key}` })).toBe(UNEXPECTED_ERROR_MESSAGE);
        expect(translateError(new ApiError(400, key, 'The server says so.'))).toBe(
          'The server says so.',
        );
      }),
    );
  });
});

describe('errorFromResponse with field names named after Object.prototype', () => {
  it('keeps them as ordinary own fields', () => {
    fc.assert(
      fc.property(prototypeKey, (key) => {
        const text = `{"message":"m","code":"VALIDATION_FAILED","fields":{${JSON.stringify(key)}:["bad"],"name":"x"}}`;
        const err = errorFromResponse(400, text);
        expect(Object.getPrototypeOf(err.fields)).toBe(Object.prototype);
        expect(Object.keys(err.fields).sort()).toEqual([key, 'name'].sort());
        expect(Object.getOwnPropertyDescriptor(err.fields, key)?.value).toEqual(['bad']);
      }),
    );
  });
});
