import { LICENCE_LIMITS, LICENCE_MESSAGES } from '@examprep/contracts/types';
import { CATALOG } from '../../../test-utils/products';
import {
  emptyLicenceValues,
  licensableProducts,
  mapLicenceFieldErrors,
  toLicenceInput,
  todayUtc,
  validateLicenceForm,
  type LicenceFormValues,
} from './licence-form';

const valid = (over: Partial<LicenceFormValues> = {}): LicenceFormValues => ({
  platformId: 'p1',
  name: ' Nightingale, Spring 2027 ',
  productIds: ['teas_math_qbank'],
  seats: ' 30 ',
  startsOn: '2027-01-11',
  endsOn: '2027-05-14',
  ...over,
});

describe('licence form', () => {
  it('starts a new licence today (UTC) for the filtered platform', () => {
    const late = new Date('2026-11-28T23:30:00-05:00');
    expect(todayUtc(late)).toBe('2026-11-29');
    expect(emptyLicenceValues('p9', late)).toEqual({
      platformId: 'p9',
      name: '',
      productIds: [],
      seats: '',
      startsOn: '2026-11-29',
      endsOn: '',
    });
    expect(emptyLicenceValues(null).platformId).toBe('');
  });

  it('offers priced products only: free ones need no licence', () => {
    const offered = licensableProducts(CATALOG);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((p) => p.price > 0)).toBe(true);
    expect(offered.map((p) => p.id)).toContain('teas_math_qbank');
    expect(offered.map((p) => p.id)).not.toContain('teas_math_sample_qbank');
  });

  it('finds nothing wrong in a valid form; one day is a term', () => {
    expect(validateLicenceForm(valid())).toEqual({});
    expect(validateLicenceForm(valid({ endsOn: '2027-01-11' }))).toEqual({});
  });

  it('names every field that is wrong with the server message', () => {
    expect(validateLicenceForm(emptyLicenceValues(null))).toEqual({
      platformId: LICENCE_MESSAGES.platformRequired,
      name: LICENCE_MESSAGES.nameRequired,
      productIds: LICENCE_MESSAGES.productsRequired,
      seats: LICENCE_MESSAGES.seatsInvalid,
      endsOn: LICENCE_MESSAGES.datesInvalid,
    });
    expect(validateLicenceForm(valid({ name: '   ' })).name).toBe(LICENCE_MESSAGES.nameRequired);
  });

  it('applies the limits: name length, whole seats from 1 to 100,000', () => {
    expect(validateLicenceForm(valid({ name: 'n'.repeat(LICENCE_LIMITS.name) }))).toEqual({});
    expect(validateLicenceForm(valid({ name: 'n'.repeat(LICENCE_LIMITS.name + 1) })).name).toBe(
      LICENCE_MESSAGES.nameTooLong,
    );
    expect(validateLicenceForm(valid({ seats: '100000' }))).toEqual({});
    expect(validateLicenceForm(valid({ seats: '1' }))).toEqual({});
    for (const seats of ['0', '100001', '2.5', '-3', '1e3', 'ten', '']) {
      expect(validateLicenceForm(valid({ seats })).seats).toBe(LICENCE_MESSAGES.seatsInvalid);
    }
    expect(LICENCE_MESSAGES.seatsInvalid).toBe('Seats must be a whole number from 1 to 100,000.');
  });

  it('keeps seats at or above the seats already taken', () => {
    expect(validateLicenceForm(valid({ seats: '12' }), 12)).toEqual({});
    expect(validateLicenceForm(valid({ seats: '11' }), 12).seats).toBe(
      LICENCE_MESSAGES.seatsBelowUsed,
    );
  });

  it('wants real dates, the end on or after the start', () => {
    expect(validateLicenceForm(valid({ startsOn: '2027-02-30' }))).toEqual({
      startsOn: LICENCE_MESSAGES.datesInvalid,
    });
    expect(validateLicenceForm(valid({ endsOn: '2027-01-10' }))).toEqual({
      endsOn: LICENCE_MESSAGES.datesInvalid,
    });
  });

  it('sends the trimmed name and seats as a number', () => {
    expect(toLicenceInput(valid())).toEqual({
      platformId: 'p1',
      name: 'Nightingale, Spring 2027',
      productIds: ['teas_math_qbank'],
      seats: 30,
      startsOn: '2027-01-11',
      endsOn: '2027-05-14',
    });
  });

  it('puts server field errors under their fields, list items under their list, once', () => {
    expect(
      mapLicenceFieldErrors({
        seats: [LICENCE_MESSAGES.seatsBelowUsed],
        'productIds.0': [LICENCE_MESSAGES.unknownProduct],
        'productIds.1': [LICENCE_MESSAGES.unknownProduct],
        other: ['Something else.'],
      }),
    ).toEqual({
      fieldErrors: {
        seats: LICENCE_MESSAGES.seatsBelowUsed,
        productIds: LICENCE_MESSAGES.unknownProduct,
      },
      other: ['Something else.'],
    });
  });
});
