import { Transform } from 'class-transformer';

/** Reads an integer variable; leaves invalid text as NaN so @IsInt names the variable. */
export const ToInt = () =>
  Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)), {
    toClassOnly: true,
  });

/** Reads 'true'/'1'/'yes' as true and 'false'/'0'/'no' as false; anything else stays text. */
export const ToBool = () =>
  Transform(
    ({ value }) => {
      if (typeof value !== 'string') return value;
      const v = value.trim().toLowerCase();
      if (['true', '1', 'yes'].includes(v)) return true;
      if (['false', '0', 'no', ''].includes(v)) return false;
      return value;
    },
    { toClassOnly: true },
  );

/** Comma separated list. */
export const ToList = () =>
  Transform(
    ({ value }) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : value,
    { toClassOnly: true },
  );
