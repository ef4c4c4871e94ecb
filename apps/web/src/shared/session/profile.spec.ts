import type { Me } from '@examprep/contracts/types';
import type { ApiClient } from '../api/api-client';
import { loadUserProfile } from './profile';

const me = (over: Partial<Me>): Me => ({
  uid: 'u1',
  email: 'l@x.test',
  isAdmin: false,
  emailVerified: true,
  defaultDashboard: 'math',
  purchases: {},
  hasDocument: true,
  ...over,
});

function api(answer: Me): ApiClient {
  return { GET: jest.fn(async () => answer) } as unknown as ApiClient;
}

describe('loadUserProfile', () => {
  it('reads the dashboard and purchases of the user document from GET /api/me', async () => {
    const client = api(me({ defaultDashboard: 'design', purchases: { teas_math_qbank: true } }));
    await expect(loadUserProfile(client)).resolves.toEqual({
      defaultDashboard: 'design',
      purchases: { teas_math_qbank: true },
    });
    expect(client.GET).toHaveBeenCalledWith('/api/me');
  });

  it('has no server preference while the user has no document', async () => {
    await expect(loadUserProfile(api(me({ hasDocument: false })))).resolves.toEqual({
      defaultDashboard: null,
      purchases: {},
    });
  });
});
