import type { Product } from '@examprep/contracts';
import { PeerClient } from './peer-client';

class TestPeers extends PeerClient {
  constructor(failure: (err: unknown) => unknown) {
    super({ servers: 'nats://127.0.0.1:1', name: 'spec-peers', timeoutMs: 100, failure });
  }
  fake(request: jest.Mock): void {
    (this.rpc as unknown as { request: jest.Mock }).request = request;
  }
}

const product = { id: 'p1' } as Product;

describe('PeerClient', () => {
  it('keeps the catalogue: one catalog call for several reads', async () => {
    const peers = new TestPeers((e) => e);
    const request = jest.fn(async () => ({ products: [product] }));
    peers.fake(request);
    await expect(peers.products()).resolves.toEqual([product]);
    await expect(peers.products()).resolves.toEqual([product]);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('answers the access check from the catalog reply', async () => {
    const peers = new TestPeers((e) => e);
    peers.fake(jest.fn(async () => ({ authorized: false })));
    await expect(
      peers.hasAccess({ uid: 'u', email: 'u@x.test', isAdmin: false, emailVerified: true }, 'p1'),
    ).resolves.toBe(false);
  });

  it("throws a peer's failure as the service maps it", async () => {
    const mapped = new Error('mapped');
    const peers = new TestPeers(() => mapped);
    peers.fake(jest.fn(async () => Promise.reject(new Error('down'))));
    await expect(peers.products()).rejects.toBe(mapped);
  });
});
