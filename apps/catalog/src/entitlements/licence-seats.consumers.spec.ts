import type { LicenceSeatEvent } from '@examprep/contracts';
import { rootLogger } from '@examprep/nest-kit';
import {
  isLicenceSeatEvent,
  LicenceSeatReleasedConsumer,
  LicenceSeatTakenConsumer,
} from './licence-seats.consumers';
import type { LicenceSeatsService } from './licence-seats.service';

const SEAT: LicenceSeatEvent = {
  licenceId: 'lic_1',
  uid: 'u1',
  seat: 2,
  productIds: ['teas_math_qbank', 'med_dosage_qbank'],
  at: '2026-11-28T05:00:00.000Z',
};

function setup() {
  const seats = { taken: jest.fn(async () => undefined), released: jest.fn(async () => undefined) };
  const service = seats as unknown as LicenceSeatsService;
  return {
    seats,
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
    ['a licence id that names another field', { ...SEAT, licenceId: 'lic.1' }],
    ['an operator as a licence id', { ...SEAT, licenceId: '$set' }],
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
  it('a seat taken goes to LicenceSeatsService.taken, a seat released to released', async () => {
    const { seats, taken, released } = setup();
    await taken.handle(SEAT);
    expect(seats.taken).toHaveBeenCalledWith(SEAT);
    await released.handle(SEAT);
    expect(seats.released).toHaveBeenCalledWith(SEAT);
  });

  it('a fact of an unknown shape is logged and skipped (acked, not retried)', async () => {
    const error = jest.spyOn(rootLogger(), 'error').mockImplementation(() => undefined);
    const { seats, taken, released } = setup();
    const bad = { ...SEAT, seat: -1 };
    await expect(taken.handle(bad)).resolves.toBeUndefined();
    await expect(released.handle(bad)).resolves.toBeUndefined();
    expect(seats.taken).not.toHaveBeenCalled();
    expect(seats.released).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
