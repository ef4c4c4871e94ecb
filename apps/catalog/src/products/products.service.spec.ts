import type { Product } from '@examprep/contracts';
import { FakeProductsRepository } from '../../test/support/fake-products.repository';
import { ProductsService } from './products.service';

const product = (over: Partial<Product>): Product => ({
  id: 'x',
  docId: 'x',
  name: 'X',
  description: '',
  price: 20,
  type: 'math',
  section: 'teas',
  category: 'qbank',
  available: { online: true, download: false },
  instructions: '',
  includes: {
    name: [],
    description: [],
    id: [],
    link: [],
    linkText: [],
    course: '',
    instructions: [],
    kind: [],
    mode: [],
    pool: [],
  },
  order: 0,
  ...over,
});

function fakeRepository(products: Product[]) {
  const repository = new FakeProductsRepository(products);
  return { repository, findAll: repository.findAll };
}

describe('ProductsService', () => {
  it('lists by type, section, order (then id)', async () => {
    const { repository } = fakeRepository([
      product({ id: 'teas_b', section: 'teas', order: 2 }),
      product({ id: 'android_free', type: 'design', section: 'android', order: 0 }),
      product({ id: 'teas_a', section: 'teas', order: 1 }),
      product({ id: 'med', section: 'med dosage', order: 5 }),
      product({ id: 'three_d', type: 'design', section: '3d', order: 1 }),
      product({ id: 'teas_0', section: 'teas', order: 1 }),
    ]);
    const sut = new ProductsService(repository);
    expect((await sut.list()).map((p) => p.id)).toEqual([
      'three_d',
      'android_free',
      'med',
      'teas_0',
      'teas_a',
      'teas_b',
    ]);
  });

  it('finds a product by its own id only', async () => {
    const { repository } = fakeRepository([product({ id: 'teas_math_qbank' })]);
    const sut = new ProductsService(repository);
    expect((await sut.get('teas_math_qbank'))?.id).toBe('teas_math_qbank');
    for (const name of [...Object.getOwnPropertyNames(Object.prototype), '__proto__', 'nope'])
      expect(await sut.get(name)).toBeUndefined();
  });

  it('reads the database once for many concurrent and repeated calls (cache)', async () => {
    const { repository, findAll } = fakeRepository([product({ id: 'a' })]);
    const sut = new ProductsService(repository);
    await Promise.all([sut.list(), sut.get('a'), sut.list(), sut.get('b')]);
    await sut.get('a');
    expect(findAll).toHaveBeenCalledTimes(1);
  });
});
