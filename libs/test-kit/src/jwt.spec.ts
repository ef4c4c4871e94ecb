import { errors } from 'jose';
import { audiences, decodeJwt, realmRoles } from './jwt';

const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const token = (payload: object) => `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc(payload)}.sig`;

describe('decodeJwt', () => {
  it('decodes header and payload', () => {
    const d = decodeJwt(token({ sub: 'u1', aud: ['a', 'b'], realm_access: { roles: ['admin'] } }));
    expect(d.header.alg).toBe('RS256');
    expect(d.payload.sub).toBe('u1');
    expect(audiences(d.payload)).toEqual(['a', 'b']);
    expect(realmRoles(d.payload)).toEqual(['admin']);
  });

  it('normalises a single audience and missing roles', () => {
    const { payload } = decodeJwt(token({ aud: 'x' }));
    expect(audiences(payload)).toEqual(['x']);
    expect(realmRoles(payload)).toEqual([]);
    expect(audiences({})).toEqual([]);
  });

  it('rejects malformed tokens', () => {
    expect(() => decodeJwt('a.b')).toThrow(errors.JWTInvalid);
    expect(() => decodeJwt(`a.${enc(['not', 'claims'])}.sig`)).toThrow(errors.JWTInvalid);
    expect(() => decodeJwt(`x.${enc({ sub: 'u1' })}.sig`)).toThrow(/Protected Header/);
  });
});
