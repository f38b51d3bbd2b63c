// The rows of one query as PostgreSQL's COPY TO STDOUT sends them (text format), a page at a time, each row its
// values in the statement's column order.
// A cursor answers each FETCH only when asked, and the driver makes a string of every field (3 million of them for
// 100 000 offers); COPY sends the rows without waiting, as lines of bytes that node decodes a socket read at a
// time. The rows read the same as the driver's: each field through the parser drizzle's session gives its type.
import type { Readable } from 'node:stream';
import pg, { escapeLiteral, type Pool } from 'pg';
import { prepareValue } from 'pg/lib/utils';
import { to as copyTo } from 'pg-copy-streams';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CasingCache } from 'drizzle-orm/casing';
import type { SQL } from 'drizzle-orm';
import { DRIZZLE_TEXT_TYPES } from './textTypes';

const dialect = new PgDialect();
const casing = new CasingCache();

/** A bound value as a quoted literal: the text node-postgres would send for it (prepareValue), quoted by its own
 * escapeLiteral, of unknown type like an untyped parameter. COPY takes no parameters. */
function literal(value: unknown): string {
  const text = prepareValue(value);
  if (text === null || text === undefined) return 'NULL';
  if (typeof text !== 'string') throw new Error('COPY: a binary value cannot be written into the statement');
  return escapeLiteral(text);
}

/** The statement's text with its values written in as literals. */
const inlined = (query: SQL): string =>
  query.toQuery({
    casing,
    escapeName: (name) => dialect.escapeName(name),
    escapeString: (text) => dialect.escapeString(text),
    escapeParam: (_, value) => literal(value),
  }).sql;

const AS_TEXT = new Set(DRIZZLE_TEXT_TYPES);
const parserOf = (oid: number): ((text: string) => unknown) =>
  AS_TEXT.has(oid) ? (text) => text : pg.types.getTypeParser(oid, 'text');

const ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
/** A COPY text field's backslash sequences undone (COPY TO writes no octal or hex ones). */
const unescape = (field: string) => field.replace(/\\(.)/g, (_, c: string) => ESCAPED[c] ?? c);

export interface CopyOutOptions {
  /** Rows handed over at once. */
  pageSize: number;
  /** Statements run first in the read-only transaction (SET LOCAL …). */
  settings?: SQL[];
  /** Checked between pages: true stops the copy (its connection is closed). */
  isCancelled: () => boolean;
}

/**
 * Runs `query` through COPY on a connection of its own (opened for it with the pool's settings, never taken from
 * the pool), in a read-only transaction, and hands its rows to `each` a page at a time, waiting for it before
 * reading on: while it waits, the socket is not read and PostgreSQL waits too, so memory holds a page and the
 * socket's buffers, however slow the reader.
 *
 * A copy that does not finish (the reader left, the writer failed) is stopped by closing that connection: the
 * server's backend, blocked writing to it, fails at once and ends. Stopping it through the pool
 * (pg_cancel_backend) needed a free pooled connection, and slow downloads holding the whole pool left none: the
 * COPYs ran on for minutes and every other request waited.
 */
export async function copyOutPages(
  pool: Pool,
  query: SQL,
  each: (rows: unknown[][]) => Promise<void>,
  options: CopyOutOptions,
): Promise<void> {
  const client = new pg.Client(pool.options);
  // a connection closed under the copy reports it here and through the copy's stream: not the process's error
  client.on('error', () => undefined);
  await client.connect();
  let finished = false;
  try {
    await client.query('BEGIN READ ONLY');
    for (const setting of options.settings ?? []) await client.query(inlined(setting));
    const text = inlined(query);
    // the columns' names and types, from the statement planned and not run
    const described = await client.query({ text: `SELECT * FROM (${text}) described LIMIT 0` });
    const parsers = described.fields.map((f) => parserOf(f.dataTypeID));
    const rowOf = (line: string): unknown[] => {
      const values: unknown[] = line.split('\t');
      if (values.length !== parsers.length)
        throw new Error(`COPY: a row of ${values.length} fields where ${parsers.length} were described`);
      for (let i = 0; i < parsers.length; i++) {
        const v = values[i] as string;
        values[i] = v === '\\N' ? null : parsers[i](v.includes('\\') ? unescape(v) : v);
      }
      return values;
    };

    // a reader that left while the statement was being prepared: nothing to copy for
    if (options.isCancelled()) return;
    const stream: Readable = client.query(copyTo(`COPY (${text}) TO STDOUT`));
    const ended = new Promise<void>((resolve, reject) => {
      stream.on('end', resolve);
      stream.on('error', reject);
    });
    ended.catch(() => undefined); // awaited below, or dropped with a stopped copy
    // each line decoded on its own: a field is a slice of its line, and a line no longer than the row, where
    // slices of a whole socket read kept every read alive that some remembered field came from
    let rest: Buffer | undefined;
    let page: unknown[][] = [];
    for await (const chunk of stream.iterator({ destroyOnReturn: false })) {
      const bytes = rest ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
      let start = 0;
      for (let end = bytes.indexOf(10); end !== -1; start = end + 1, end = bytes.indexOf(10, start)) {
        page.push(rowOf(bytes.toString('utf8', start, end)));
        if (page.length === options.pageSize) {
          await each(page);
          page = [];
          if (options.isCancelled()) return;
        }
      }
      rest = start < bytes.length ? bytes.subarray(start) : undefined;
    }
    await ended;
    finished = true;
    if (rest) throw new Error('COPY: the last row came without its line end');
    if (page.length) await each(page);
  } finally {
    // read only: nothing to commit. A finished copy's connection says goodbye; an unfinished one is closed under
    // its copy (pg's end() destroys the socket while a query is active), and the backend ends with it
    const closed = new Promise<void>((resolve) => client.once('end', resolve));
    if (finished) await client.end().catch(() => undefined);
    else {
      void client.end().catch(() => undefined);
      await closed;
    }
  }
}
