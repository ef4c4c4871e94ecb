import {
  isIsoDate,
  LICENCE_LIMITS,
  LICENCE_MESSAGES as M,
  type Licence,
  type LicenceInput,
  type Product,
} from '@examprep/contracts/types';

/** What the form holds: seats as typed, kept when a save fails. */
export interface LicenceFormValues {
  platformId: string;
  name: string;
  productIds: string[];
  seats: string;
  startsOn: string;
  endsOn: string;
}

export type LicenceField = keyof LicenceFormValues;
export type LicenceFieldErrors = Partial<Record<LicenceField, string>>;

/** In the form's order: the first one with an error gets the focus. */
export const LICENCE_FIELDS: readonly LicenceField[] = [
  'platformId',
  'name',
  'productIds',
  'seats',
  'startsOn',
  'endsOn',
];

function isLicenceField(name: string): name is LicenceField {
  return (LICENCE_FIELDS as readonly string[]).includes(name);
}

/** Today in UTC as YYYY-MM-DD: the server counts terms in UTC days. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A new licence: for the filtered platform if there is one, starting today. */
export function emptyLicenceValues(platformId: string | null, now?: Date): LicenceFormValues {
  return {
    platformId: platformId ?? '',
    name: '',
    productIds: [],
    seats: '',
    startsOn: todayUtc(now),
    endsOn: '',
  };
}

export function licenceValuesFrom(l: Licence): LicenceFormValues {
  return {
    platformId: l.platformId,
    name: l.name,
    productIds: [...l.productIds],
    seats: String(l.seats),
    startsOn: l.startsOn,
    endsOn: l.endsOn,
  };
}

/** Free products need no licence (the server refuses them): the form offers priced ones. */
export function licensableProducts(products: readonly Product[]): Product[] {
  return products.filter((p) => p.price > 0);
}

const WHOLE_NUMBER = /^\d+$/;

/**
 * The server's checks, with its messages (LICENCE_MESSAGES), so the screen reads the same
 * either way. `seatsUsed`: a saved licence's taken seats, which its seats may not go below.
 */
export function validateLicenceForm(values: LicenceFormValues, seatsUsed = 0): LicenceFieldErrors {
  const errors: LicenceFieldErrors = {};
  if (values.platformId === '') errors.platformId = M.platformRequired;

  const name = values.name.trim();
  if (name === '') errors.name = M.nameRequired;
  else if (name.length > LICENCE_LIMITS.name) errors.name = M.nameTooLong;

  if (values.productIds.length === 0) errors.productIds = M.productsRequired;
  else if (values.productIds.length > LICENCE_LIMITS.products) errors.productIds = M.unknownProduct;

  const seatsText = values.seats.trim();
  const seats = Number(seatsText);
  if (!WHOLE_NUMBER.test(seatsText) || seats < 1 || seats > LICENCE_LIMITS.seats) {
    errors.seats = M.seatsInvalid;
  } else if (seats < seatsUsed) errors.seats = M.seatsBelowUsed;

  if (!isIsoDate(values.startsOn)) errors.startsOn = M.datesInvalid;
  if (!isIsoDate(values.endsOn)) errors.endsOn = M.datesInvalid;
  else if (!errors.startsOn && values.endsOn < values.startsOn) errors.endsOn = M.datesInvalid;
  return errors;
}

/** The request body; call only when `validateLicenceForm` found nothing. */
export function toLicenceInput(values: LicenceFormValues): LicenceInput {
  return {
    platformId: values.platformId,
    name: values.name.trim(),
    productIds: values.productIds,
    seats: Number(values.seats.trim()),
    startsOn: values.startsOn,
    endsOn: values.endsOn,
  };
}

/**
 * Server field errors (400 `fields`) under the fields they name; `productIds.0`-style names
 * belong to their list. The rest is shown above the form.
 */
export function mapLicenceFieldErrors(fields: Record<string, string[]>): {
  fieldErrors: LicenceFieldErrors;
  other: string[];
} {
  const fieldErrors: LicenceFieldErrors = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const name = key.split(/[.[]/)[0] ?? key;
    if (isLicenceField(name)) {
      fieldErrors[name] = [...new Set([fieldErrors[name], ...messages])].filter(Boolean).join(' ');
    } else other.push(...messages);
  }
  return { fieldErrors, other };
}
