// Row helpers: drizzle's execute() answers {rows} on both PGlite and pg; one typed way to read them.
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The first row, or undefined. */
export const firstRow = <T>(result: unknown): T | undefined => rowsOf<T>(result)[0];
