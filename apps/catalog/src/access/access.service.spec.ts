import { refusalOf } from '@examprep/nest-kit';
import {
  type Actor,
  CATALOG_FIELD_MESSAGES,
  CATALOG_MESSAGES,
  holdsProduct,
  type Product,
} from '@examprep/contracts';
import type { EntitlementsService } from '../entitlements/entitlements.service';
import type { ProductsService } from '../products/products.service';
import { AccessService } from './access.service';

const product = (id: string, price: number) => ({ id, price }) as Product;
const CATALOGUE = new Map(
  [
    product('teas_math_qbank', 20),
    product('med_dosage_qbank', 20),
    product('med_dosage_workbook', 20),
    product('teas_math_sample_qbank', 0),
  ].map((p) => [p.id, p]),
);

const learner: Actor = { uid: 'u1', email: 'l@examprep.test', isAdmin: false, emailVerified: true };
const unverified: Actor = { ...learner, emailVerified: false };
const admin: Actor = { uid: 'a1', email: 'a@examprep.test', isAdmin: true, emailVerified: true };

function setup(holdings: Record<string, Record<string, unknown>> = {}) {
  const holds = jest.fn(async (uid: string, id: string) => holdsProduct(holdings[uid], id));
  const products = { get: jest.fn(async (id: string) => CATALOGUE.get(id)) };
  const sut = new AccessService(
    products as unknown as ProductsService,
    { holds } as unknown as EntitlementsService,
  );
  return { sut, holds };
}

describe('AccessService.check (learner spec §6, §7)', () => {
  it('opens free products to every verified user without reading holdings', async () => {
    const { sut, holds } = setup();
    await expect(sut.check(learner, 'teas_math_sample_qbank')).resolves.toEqual({
      authorized: true,
    });
    expect(holds).not.toHaveBeenCalled();
  });

  it('opens a paid product to its owner only, with the held values true, "true" and 1', async () => {
    const { sut } = setup({
      u1: { teas_math_qbank: true },
      u2: { teas_math_qbank: 'true' },
      u3: { teas_math_qbank: 1 },
      u4: { teas_math_qbank: false },
    });
    for (const [uid, authorized] of [
      ['u1', true],
      ['u2', true],
      ['u3', true],
      ['u4', false],
      ['u5', false],
    ] as const)
      await expect(sut.check({ ...learner, uid }, 'teas_math_qbank')).resolves.toEqual({
        authorized,
      });
  });

  it('checks the aliases as their product', async () => {
    const { sut, holds } = setup({ u1: { teas_math_qbank: true } });
    await expect(sut.check(learner, 'teas_math_qbank_full')).resolves.toEqual({ authorized: true });
    await expect(sut.check(learner, 'teas_math_qbank_practice')).resolves.toEqual({
      authorized: true,
    });
    await expect(sut.check(learner, 'med_dosage_simulations')).resolves.toEqual({
      authorized: false,
    });
    expect(holds).toHaveBeenLastCalledWith('u1', 'med_dosage_qbank');
  });

  it('answers 404 with the spec text for an unknown product (own keys only)', async () => {
    const { sut } = setup();
    for (const id of ['nope', '__proto__', 'constructor', 'to_string'])
      expect(await refusalOf(sut.check(learner, id))).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: CATALOG_MESSAGES.productNotFound,
      });
  });

  it('answers 400 naming productId for a malformed id, an operator object or nothing', async () => {
    const { sut } = setup();
    for (const id of ['Teas', '', 'a.b', { $gt: '' }, undefined, 'x'.repeat(65)])
      expect(await refusalOf(sut.check(learner, id as string))).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        fields: { productId: expect.arrayContaining([CATALOG_FIELD_MESSAGES.productId]) },
      });
  });

  it('refuses anonymous callers (401) and unverified learners (403); admins are exempt from verification', async () => {
    const { sut, holds } = setup();
    expect(await refusalOf(sut.check(null, 'teas_math_qbank'))).toMatchObject({ status: 401 });
    expect(await refusalOf(sut.check(unverified, 'teas_math_qbank'))).toMatchObject({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
    });
    expect(holds).not.toHaveBeenCalled();
    await expect(
      sut.check({ ...admin, emailVerified: false }, 'teas_math_sample_qbank'),
    ).resolves.toEqual({ authorized: true });
  });

  it('gives admins no free pass to paid products: ownership decides', async () => {
    const { sut } = setup();
    await expect(sut.check(admin, 'teas_math_qbank')).resolves.toEqual({ authorized: false });
  });
});

describe('AccessService.simulations', () => {
  it('is the Med Dosage QBank', async () => {
    const { sut } = setup({ u1: { med_dosage_qbank: true } });
    await expect(sut.simulations(learner)).resolves.toEqual({ authorized: true });
    await expect(sut.simulations({ ...learner, uid: 'u2' })).resolves.toEqual({
      authorized: false,
    });
    expect(await refusalOf(sut.simulations(null))).toMatchObject({ status: 401 });
  });

  it('is always open to admins (ADR 0021 §6; verified or not: admins are exempt), without reading holdings', async () => {
    const { sut, holds } = setup();
    await expect(sut.simulations(admin)).resolves.toEqual({ authorized: true });
    await expect(sut.simulations({ ...admin, emailVerified: false })).resolves.toEqual({
      authorized: true,
    });
    expect(holds).not.toHaveBeenCalled();
    expect(await refusalOf(sut.simulations(unverified))).toMatchObject({ status: 403 });
  });
});
