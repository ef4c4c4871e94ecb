import type { LicenceSeatEvent } from '@examprep/contracts';
import { rootLogger } from '@examprep/nest-kit';
import type { EntitlementsService } from './entitlements.service';
import {
  isLicenceSeatEvent,
  LicenceSeatReleasedConsumer,
  LicenceSeatTakenConsumer,
} from './licence-seats.consumers';

const SEAT: LicenceSeatEvent = {
  licenceId: 'lic_1',
  uid: 'u1',
  seat: 2,
  productIds: ['teas_math_qbank', 'med_dosage_qbank'],
  at: '2026-11-28T05:00:00.000Z',
};

function setup() {
  const entitlements = { grantSeat: jest.fn(async () => undefined), releaseSeat: jest.fn() };
  const service = entitlements as unknown as EntitlementsService;
  return {
    entitlements,
    taken: new LicenceSeatTakenConsumer(service),
    released: new LicenceSeatReleasedConsumer(service),
  };
}

describe('isLicenceSeatEvent', () => {
  it('accepts a seat as the schools service publishes it (an empty product list too)', () => {
    expect(isLicenceSeatEvent(SEAT)).toBe(true);
    expect(isLicenceSeatEvent({ ...SEAT, productIds: [] })).toBe(true);
  });

  it.each([
    ['no payload', null],
    ['no licence', { ...SEAT, licenceId: '' }],
    ['no learner', { ...SEAT, uid: '' }],
    ['a uid the ledger refuses', { ...SEAT, uid: 'u'.repeat(129) }],
    ['seat 0', { ...SEAT, seat: 0 }],
    ['a fractional seat', { ...SEAT, seat: 1.5 }],
    ['a seat as text', { ...SEAT, seat: '1' }],
    ['products not a list', { ...SEAT, productIds: 'teas_math_qbank' }],
    ['a product id the ledger refuses', { ...SEAT, productIds: ['teas.math'] }],
    ['an operator as a product', { ...SEAT, productIds: ['$gt'] }],
    ['no date', { ...SEAT, at: 'yesterday' }],
  ])('refuses %s', (_name, event) => {
    expect(isLicenceSeatEvent(event)).toBe(false);
  });
});

describe('the seat consumers', () => {
  it('a seat taken grants the licence’s products to that seat', async () => {
    const { entitlements, taken } = setup();
    await taken.handle(SEAT);
    expect(entitlements.grantSeat).toHaveBeenCalledWith(
      { licenceId: 'lic_1', uid: 'u1', seat: 2 },
      ['teas_math_qbank', 'med_dosage_qbank'],
    );
  });

  it('a seat released revokes what that seat granted', async () => {
    const { entitlements, released } = setup();
    await released.handle(SEAT);
    expect(entitlements.releaseSeat).toHaveBeenCalledWith({
      licenceId: 'lic_1',
      uid: 'u1',
      seat: 2,
    });
  });

  it('a fact of an unknown shape is logged and skipped (acked, not retried)', async () => {
    const error = jest.spyOn(rootLogger(), 'error').mockImplementation(() => undefined);
    const { entitlements, taken, released } = setup();
    const bad = { ...SEAT, seat: -1 };
    await expect(taken.handle(bad)).resolves.toBeUndefined();
    await expect(released.handle(bad)).resolves.toBeUndefined();
    expect(entitlements.grantSeat).not.toHaveBeenCalled();
    expect(entitlements.releaseSeat).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
