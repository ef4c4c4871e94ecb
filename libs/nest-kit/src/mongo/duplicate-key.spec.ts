import { isDuplicateKey } from './duplicate-key';

describe('isDuplicateKey', () => {
  it('is E11000, or FerretDB’s unique violation of an update', () => {
    expect(isDuplicateKey({ code: 11000, message: 'E11000 duplicate key' })).toBe(true);
    expect(
      isDuplicateKey({ code: 1, message: 'ERROR: duplicate key value (SQLSTATE 23505)' }),
    ).toBe(true);
  });

  it('is nothing else', () => {
    expect(isDuplicateKey({ code: 2, message: 'bad value' })).toBe(false);
    expect(isDuplicateKey(new Error('timeout'))).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
    expect(isDuplicateKey(undefined)).toBe(false);
  });
});
