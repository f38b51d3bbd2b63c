// An export's rows: the list's own query (filters, scopes, sort) read a page at a time, by COPY on PostgreSQL and
// through a cursor on PGlite, so 100 000 offers never sit in memory at once.
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { serverPool, type Database } from '../../db/client';
import { copyOutPages } from '../../db/copyOut';
import { selectList } from '../../db/select';
import type { ColumnDef } from '../../../domain/lists';
import { rowsAs, select as selection, selectFirst } from '../../db/rows';
import { recordColumnsOf } from '../../contract/tables';
import type { listParts } from '../engine';
import type { SectionSpec } from '../../contract/section';

/** Rows per FETCH from PGlite's cursor: small enough to keep memory flat, large enough to keep round trips few. */
export const EXPORT_PAGE_SIZE = 1000;
/** Rows handed to the writer at once from PostgreSQL's COPY, which has no round trips to save: pages of 1000 rows
 * made the XLSX writer's garbage outlive the young generation, and the peak RSS grew by 100–130 MB where it grows
 * by 20 MB now (the time the same). */
export const COPY_PAGE_SIZE = 500;

const EXPORTED_COMMENTS = sql.identifier('export_comments');

/** A record's latest three comments as one text, newest first (as the page's comments cell lists them), for every
 * record of the section at once: one pass over the comments joined by hash, where a sub-select per row cost more
 * than the rest of the query. `only` (an int[]) narrows it to the ids of a page. */
function exportComments(spec: SectionSpec, only?: SQL) {
  return sql`LEFT JOIN (
    SELECT entity_id, string_agg(text, E'\n' ORDER BY created_at DESC, id DESC) AS texts
    FROM (SELECT entity_id, text, created_at, id, row_number() OVER (PARTITION BY entity_id ORDER BY created_at DESC, id DESC) AS n
      FROM comments WHERE entity_type = ${spec.section} ${only ? sql`AND entity_id = ANY(${only})` : sql``}) latest
    WHERE n <= 3 GROUP BY entity_id) ${EXPORTED_COMMENTS} ON ${EXPORTED_COMMENTS}.entity_id = ${sql.raw(spec.alias)}.id`;
}

/** The export's SELECT list and FROM: each column as a cell reads it (exportColumns), the comments joined once. */
export function exportQuery(spec: SectionSpec, columns: ColumnDef[], only?: SQL) {
  const withComments = columns.some((c) => c.type === 'comments');
  const select = selectList(
    Object.fromEntries(
      columns.map((c) => [
        c.key,
        c.type === 'comments' ? sql`${EXPORTED_COMMENTS}.texts` : (spec.exportColumns?.[c.key] ?? spec.columns[c.key]),
      ]),
    ),
  );
  return { select, from: withComments ? sql`${spec.from} ${exportComments(spec, only)}` : spec.from };
}

/** What a page of rows is handed to: written out, and the reader waited for. A row is its values in the exported
 * columns' order. */
export type EachPage = (rows: unknown[][]) => Promise<void>;
/** Runs `each` on the list's rows in order, a page at a time, until they end or the download is cancelled. */
export type Rows = (each: EachPage) => Promise<void>;

/**
 * The list's rows in its order, only the exported columns (each checked visible by exportColumns, as the page
 * strips what is hidden), `pageSize` rows at a time, so memory holds one page.
 *
 * On PostgreSQL it is ONE query, the database building every row (the engine's FROM, filters, scopes and sort),
 * streamed by COPY (server/db/copyOut.ts) in a read-only transaction on a connection of its own.
 *
 * PGlite is one connection inside this process: a transaction there would hold every other request back for as
 * long as the download takes (a slow reader, for minutes), and whatever the database sorts or keeps lands in the
 * process's own memory. So there the cursor is declared WITH HOLD outside a transaction and holds only the ids in
 * the list's order (a narrow sort the database keeps in its working memory), other requests run between the
 * fetches, and each fetched page of ids is built into rows by one query of its own.
 */
export function cursorRows(
  db: Database,
  spec: SectionSpec,
  columns: ColumnDef[],
  parts: ReturnType<typeof listParts>,
  pageSize: number | undefined,
  isCancelled: () => boolean,
): Rows {
  const { conditions, orderBy } = parts;
  const a = sql.raw(spec.alias);
  const where = sql`WHERE ${sql.join(conditions, sql` AND `)}`;
  const pool = serverPool(db);
  if (pool) {
    const { select, from } = exportQuery(spec, columns);
    // the JIT compiles a statement this size for longer than it then saves
    return (each) =>
      copyOutPages(pool, sql`SELECT ${select} ${from} ${where} ORDER BY ${orderBy}`, each, {
        pageSize: pageSize ?? COPY_PAGE_SIZE,
        isCancelled,
        settings: [sql`SET LOCAL jit = off`],
      });
  }
  const keys = columns.map((c) => c.key);
  // a page's rows by their ids, in the cursor's order
  const rowsOfIds = async (ids: number[]): Promise<unknown[][]> => {
    // an array the planner sees the size of (an index scan per id, the comments of these ids alone), where a
    // set-returning function made it join every record before keeping the page's
    const idList = sql`${`{${ids.join(',')}}`}::int[]`;
    const { select, from } = exportQuery(spec, columns, idList);
    // the page comes back as one JSON value: PGlite hands each row to JS through a callback of its own and parses
    // it field by field, which cost more than building the rows (4.4 s of 7 s for 100 000 offers)
    // (PGlite may hand json over as its text)
    const paged = selection({ page: sql<Record<string, unknown>[] | string>`coalesce(json_agg(built), '[]'::json)` });
    const { page } = (await selectFirst(
      db,
      paged,
      sql`
      FROM (SELECT ${select}, ${a}.id AS "__id" ${from} WHERE ${a}.id = ANY(${idList})) built`,
    ))!;
    const built = typeof page === 'string' ? (JSON.parse(page) as Record<string, unknown>[]) : page;
    const byId = new Map(built.map((row) => [Number(row.__id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [keys.map((key) => row[key])] : [];
    });
  };
  const cursor = sql.identifier(`export_${randomBytes(8).toString('hex')}`);
  const fetched = pageSize ?? EXPORT_PAGE_SIZE;
  // the cursor's rows: the records' ids in the list's order
  const ordered = selection({ id: recordColumnsOf(spec).id });
  const nextPage = async () => {
    const ids = rowsAs(ordered, await db.execute(sql`FETCH ${sql.raw(String(fetched))} FROM ${cursor}`)).map((r) =>
      Number(r.id),
    );
    return { last: ids.length < fetched, rows: ids.length ? await rowsOfIds(ids) : [] };
  };
  return async (each) => {
    await db.execute(
      sql`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR SELECT ${ordered} ${spec.from} ${where} ORDER BY ${orderBy}`,
    );
    // the next page is read while this one is written out
    let next = nextPage();
    try {
      while (!isCancelled()) {
        const page = await next;
        if (!page.last) next = nextPage();
        if (page.rows.length) await each(page.rows);
        if (page.last) return;
      }
    } finally {
      // a page read ahead for a download that ended: its answer waited for, so the cursor is closed after it
      await next.catch(() => undefined);
      await db.execute(sql`CLOSE ${cursor}`);
    }
  };
}
