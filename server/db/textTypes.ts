// The types drizzle's sessions (node-postgres and PGlite alike) hand over as the database's own text, not as JS
// values: dates, times, intervals and their arrays (and numeric[]). One list for the readers that must agree.
export const DRIZZLE_TEXT_TYPES: readonly number[] = [1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182];

/** PGlite's parsers for those types: the text as it stands. */
export const TEXT_PARSERS: Record<number, (text: string) => string> = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.map((oid) => [oid, (text: string) => text]),
);

/** Parsers a statement brings that are exactly drizzle's (the text of those types, nothing else). */
export const areDrizzleTextParsers = (parsers: object | undefined): boolean =>
  !!parsers &&
  Object.keys(parsers).length === DRIZZLE_TEXT_TYPES.length &&
  DRIZZLE_TEXT_TYPES.every((oid) => Object.hasOwn(parsers, oid));
