import { tokenRequestBody } from './keycloak';

describe('tokenRequestBody', () => {
  it('form-encodes the set parameters and leaves out undefined ones', () => {
    const body = tokenRequestBody({
      grant_type: 'password',
      client_id: 'web',
      client_secret: undefined,
      password: 'p&q=r',
    });
    expect(body.toString()).toBe('grant_type=password&client_id=web&password=p%26q%3Dr');
  });
});
