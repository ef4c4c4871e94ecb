import { failedChecks, headers, json, query, trimBase } from './http.js';

describe('scenario helpers', () => {
  it('parses a JSON body once and gives undefined for a body that is not JSON', () => {
    const r = { status: 200, body: '{"a":1}' };
    expect(json(r)).toEqual({ a: 1 });
    expect(json(r)).toBe(json(r));
    expect(json({ status: 502, body: '<html>Bad Gateway</html>' })).toBeUndefined();
    expect(json({ status: 200, body: null })).toBeUndefined();
  });

  it('sends the bearer token only when there is one', () => {
    expect(headers('abc')).toEqual({ Accept: 'application/json', Authorization: 'Bearer abc' });
    expect(headers(null)).toEqual({ Accept: 'application/json' });
  });

  it('builds an encoded query string without URLSearchParams (k6 has none)', () => {
    expect(query({ course: 'med dosage', objective: '1.2', count: 5 })).toBe(
      '?course=med%20dosage&objective=1.2&count=5',
    );
    expect(query({})).toBe('');
    expect(trimBase('https://app.example.com//')).toBe('https://app.example.com');
  });

  it('names the failed checks; a check that throws has failed', () => {
    const checks = {
      ok: () => true,
      no: () => false,
      throws: (): boolean => {
        throw new Error('boom');
      },
    };
    expect(failedChecks(checks, { status: 200, body: '' })).toEqual(['no', 'throws']);
  });
});
