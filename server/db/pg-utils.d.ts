// node-postgres' own value conversion, which @types/pg does not declare: what the driver sends for a bound value.
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
