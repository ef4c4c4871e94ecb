import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * A MongoDB connection string: `mongodb://` with one or more host[:port] (replica sets list
 * several, which a URL validator refuses) or `mongodb+srv://host`, then an optional /database
 * and ?options. Credentials may precede the hosts.
 */
export function isMongoUri(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const m = /^mongodb(\+srv)?:\/\/(?:[^@/\s]+@)?([^/?\s]+)(\/[^?\s]*)?(\?\S*)?$/.exec(value);
  if (!m) return false;
  const hosts = m[2]!.split(',');
  if (m[1] && hosts.length !== 1) return false;
  return hosts.every((h) => /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9._-]+)(:\d{1,5})?$/.test(h));
}

export function IsMongoUri(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isMongoUri',
      validator: {
        validate: isMongoUri,
        defaultMessage: (a) =>
          `${a?.property} must be a mongodb:// or mongodb+srv:// connection string`,
      },
    },
    options,
  );
}
