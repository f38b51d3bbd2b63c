// An offer's documents state (domain/offers/documents.ts): the rule, and the state as stored (
// migration 0030). The papers a lot needs: its product's document types, and for an imported lot (origin not
// Россия) the business setting's types besides. Per type the latest document counts (one without a valid-until
// never lapses). Dates are judged on the business day, in the business time zone.
//
// The state is stored on the offer (state, the day it next turns, the missing and lapsed types) and written by
// refreshDocumentsState in the transaction of whatever changes it, so the offers list, its filter and export, the
// card, the reserve card and the price list read plain columns: computing it per row cost ~0.15 ms an offer, 15 s
// an export of 100 000 and a million computations for a filtered list of a million offers.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { badRequest } from '../errors';
import { returningRows, select, selectFirst } from '../db/rows';
import { todayOf, ZONE_SQL } from '../db/businessDay';
import { announceChanges } from '../db/changes';
import { keepingVersions } from './keepVersions';
import { businessSettings } from '../db/schema';
import {
  DOCUMENT_MSG,
  DOCUMENT_NOTICE_DAYS_DEFAULT,
  DOMESTIC_ORIGINS,
  type DocumentSettings,
  type DocumentsState,
} from '../../domain/offers/documents';
import { LOT } from '../../domain/offers/lot';

/** The business day in SQL (business setting time_zone): today where the business is, whatever the
 * server's or the database's zone. */
export const BUSINESS_TODAY = sql`(now() AT TIME ZONE ${ZONE_SQL})::date`;

/** The days ahead an expiry is told and shown as 'Истекает' (business setting documents_notice_days). */
export const NOTICE_DAYS = sql`coalesce((SELECT bs.value::int FROM business_settings bs WHERE bs.name = 'documents_notice_days'), ${DOCUMENT_NOTICE_DAYS_DEFAULT}::int)`;

/** The types an imported lot needs (business setting documents_imported_types, a PostgreSQL int array such as
 * '{2}'); the phytosanitary certificate until the setting is saved. */
export const IMPORTED_TYPES = sql`coalesce((SELECT bs.value::int[] FROM business_settings bs WHERE bs.name = 'documents_imported_types'),
  ARRAY(SELECT dt.id FROM document_types dt WHERE dt.code = 'phytosanitary'))`;

const DOMESTIC = sql.raw(DOMESTIC_ORIGINS.map((o) => `'${o}'`).join(', '));

/** Offers (of `offers o`) whose state the imported lots' types setting may move: lots with an origin. */
export const IMPORTED_OFFER = sql`coalesce(btrim(o.${sql.raw(LOT.origin.field)}), '') <> ''`;
/** Offers (of `offers o`) whose state the calendar moves: those with a dated document (the notice days' and the
 * time zone's changes refresh these). */
export const DATED_OFFER = sql`EXISTS (SELECT 1 FROM offer_documents d WHERE d.offer_id = o.id AND d.valid_until IS NOT NULL)`;

/** The rule, set-based: for every offer of `offers o` that `where` (over `o`) picks, the state of its papers on
 * `today`, in one pass (the required types, the documents per type and the type names joined by hash), so a
 * refresh of a million offers or of an import's 5 000 reads each table once instead of once per offer:
 * id, state, missing / expired / blocking (type names, by type), expires_on (the first expiry: of a lapsed
 * document when one lapsed, else the first ahead) and turns_on (the next day the state or its dates move by the
 * calendar alone: a valid-until coming within the notice days, or one lapsing; null when none will). */
export function documentsStateRows(where: SQL, today: SQL): SQL {
  return documentsStateOf(
    sql`SELECT o.id, o.product_id, o.${sql.raw(LOT.origin.field)} AS origin FROM offers o WHERE ${where}`,
    today,
    true,
  );
}

/** The rule over any lots (`lots`: rows of id, product_id, origin), with their documents as stored, or with none
 * (`documents` false: offers not yet written, an import's, whose ids are only the rows' numbers): so a new offer is
 * written with its state at once, instead of written and then rewritten through every index of the table. */
export function documentsStateOf(lots: SQL, today: SQL, documents: boolean): SQL {
  return sql`WITH o AS (${lots}),
    s AS (SELECT ${today}::date AS today, ${NOTICE_DAYS} AS notice, ${IMPORTED_TYPES} AS imported),
    req AS (
      SELECT o.id AS offer_id, pdt.type_id FROM o JOIN product_document_types pdt ON pdt.product_id = o.product_id
      UNION
      SELECT o.id, unnest(s.imported) FROM o CROSS JOIN s
      WHERE coalesce(btrim(o.origin), '') <> '' AND lower(btrim(o.origin)) NOT IN (${DOMESTIC})),
    docs AS (
      SELECT d.offer_id, d.type_id, CASE WHEN bool_or(d.valid_until IS NULL) THEN NULL ELSE max(d.valid_until) END AS until
      FROM offer_documents d JOIN o ON o.id = d.offer_id ${documents ? sql`` : sql`WHERE false`} GROUP BY d.offer_id, d.type_id),
    x AS (
      SELECT coalesce(r.offer_id, d.offer_id) AS offer_id, t.id, t.name, r.type_id IS NOT NULL AS required, d.type_id IS NOT NULL AS has, d.until
      FROM req r FULL JOIN docs d ON d.offer_id = r.offer_id AND d.type_id = r.type_id
      JOIN document_types t ON t.id = coalesce(r.type_id, d.type_id))
    SELECT o.id,
      CASE WHEN bool_or(x.required AND NOT x.has) THEN 'missing' WHEN bool_or(x.until < s.today) THEN 'expired'
        WHEN min(x.until) <= s.today + s.notice THEN 'expiring' ELSE 'ok' END AS state,
      coalesce(array_agg(x.name ORDER BY x.id) FILTER (WHERE x.required AND NOT x.has), '{}') AS missing,
      coalesce(array_agg(x.name ORDER BY x.id) FILTER (WHERE x.until < s.today), '{}') AS expired,
      coalesce(array_agg(x.name ORDER BY x.id) FILTER (WHERE x.required AND (NOT x.has OR x.until < s.today)), '{}') AS blocking,
      coalesce(min(x.until) FILTER (WHERE x.until < s.today), min(x.until)) AS expires_on,
      least(min(x.until - s.notice) FILTER (WHERE x.until - s.notice > s.today), min(x.until + 1) FILTER (WHERE x.until + 1 > s.today)) AS turns_on
    FROM o CROSS JOIN s LEFT JOIN x ON x.offer_id = o.id
    GROUP BY o.id, s.today, s.notice`;
}

/** The stored state (migration 0030) of the offer under `a` as its read and list row carry it, JSON
 * {state, missing, expired, blocking, expires_on, days_left}: plain columns of the row, the days left counted from
 * the business day. No per-row subquery: a list of a million offers reads it as it reads a price. */
export function documentsStateSql(a: string): SQL {
  const o = sql.raw(a);
  return sql`json_build_object('state', ${o}.documents_state, 'missing', to_json(${o}.documents_missing), 'expired', to_json(${o}.documents_expired),
    'blocking', to_json(${o}.documents_blocking), 'expires_on', ${o}.documents_expires_on::text, 'days_left', ${o}.documents_expires_on - ${BUSINESS_TODAY})`;
}

/** The same state as an export's cell reads it ('Истекает через 10 дн. · до 07.12.2026': documentsStateText): only
 * {state, missing, expires_on, days_left}. The row's full JSON, built and parsed for every row of an export, cost
 * about twice as much (PGlite most). */
export function documentsStateCellSql(a: string): SQL {
  const o = sql.raw(a);
  return sql`json_build_object('state', ${o}.documents_state, 'missing', ${o}.documents_missing, 'expires_on', ${o}.documents_expires_on::text,
    'days_left', ${o}.documents_expires_on - ${BUSINESS_TODAY})`;
}

/** The list filter `documents_state`: offers in any of the given states, by the stored column (its index). */
export const documentsStateIn = (a: string, states: string[]): SQL =>
  states.length
    ? sql`${sql.raw(a)}.documents_state IN (${sql.join(
        states.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql`true`;

/** One offer's documents state, as its read and list row carry it. */
export async function offerDocumentsState(db: Database, offerId: number): Promise<DocumentsState> {
  return (await selectFirst(
    db,
    select({ s: sql<DocumentsState>`${documentsStateSql('o')}` }),
    sql`FROM offers o WHERE o.id = ${offerId}`,
  ))!.s;
}

/** One offer's documents state by the rule on a given business day (YYYY-MM-DD), whatever is stored: what the
 * stored state becomes when that day comes. */
export async function documentsStateOn(db: Database, offerId: number, today: string): Promise<DocumentsState> {
  const row = await selectFirst(
    db,
    select({
      s: sql<DocumentsState>`json_build_object('state', r.state, 'missing', to_json(r.missing),
    'expired', to_json(r.expired), 'blocking', to_json(r.blocking), 'expires_on', r.expires_on::text, 'days_left', r.expires_on - ${today}::date)`,
    }),
    sql`FROM (${documentsStateRows(sql`o.id = ${offerId}`, sql`${today}::date`)}) r`,
  );
  return row!.s;
}

/**
 * Brings the stored documents state of the offers `where` picks (over `offers o`) up to date by the rule on the
 * business day, inside the caller's transaction: its writers call it after a document is added, changed or
 * removed, a product's required types or the imported lots' types change, an offer is created or its product or
 * origin changes; the daily job for the offers whose state turns today; a change of the notice days or the time
 * zone for every offer with a dated document. Only rows whose stored state differs are written, and without
 * moving their versions (a card open on the offer stays current). With `announce`, the offers whose state as a
 * list shows it moved are announced as changed (a write that announces the offer itself passes false).
 * Answers the offers whose shown state moved.
 */
export async function refreshDocumentsState(tx: Database, where: SQL, announce = true): Promise<number[]> {
  const today = await todayOf(tx);
  const written = await keepingVersions(tx, () =>
    returningRows(
      tx,
      sql`WITH r AS (${documentsStateRows(where, sql`${today}::date`)})
    UPDATE offers t SET documents_state = r.state, documents_missing = r.missing, documents_expired = r.expired,
      documents_blocking = r.blocking, documents_expires_on = r.expires_on, documents_turns_on = r.turns_on
    FROM r JOIN offers was ON was.id = r.id
    WHERE t.id = r.id AND (was.documents_state, was.documents_missing, was.documents_expired, was.documents_blocking,
      was.documents_expires_on, was.documents_turns_on) IS DISTINCT FROM (r.state, r.missing, r.expired, r.blocking, r.expires_on, r.turns_on)`,
      select({
        id: sql<number>`t.id`,
        shown: sql<boolean>`(was.documents_state, was.documents_missing, was.documents_expired, was.documents_blocking,
      was.documents_expires_on) IS DISTINCT FROM (r.state, r.missing, r.expired, r.blocking, r.expires_on)`,
      }),
    ),
  );
  const shown = written
    .filter((w) => w.shown)
    .map((w) => Number(w.id))
    .sort((x, y) => x - y);
  if (announce) await announceChanges(tx, 'offers', 'update', shown);
  return shown;
}

/** The lot documents' business settings, with their defaults where none was saved. */
export async function readDocumentSettings(db: Database): Promise<DocumentSettings> {
  const settings = select({
    types: sql<number[]>`${IMPORTED_TYPES}`,
    forbid: sql<
      string | null
    >`(SELECT ${businessSettings.value} FROM ${businessSettings} WHERE ${businessSettings.name} = 'documents_forbid_reserve')`,
    days: sql<number>`${NOTICE_DAYS}`,
  });
  const row = (await selectFirst(db, settings))!;
  return {
    documents_imported_types: row.types.map(Number),
    documents_forbid_reserve: row.forbid === 'true',
    documents_notice_days: Number(row.days),
  };
}

/** A new reserve of a lot whose required papers are missing or lapsed: refused (400 with the list) under
 * 'Запрещать резерв без документов'; otherwise the card warns from the offer's documents_state. */
export async function refuseReserveWithoutDocuments(db: Database, offerId: number): Promise<void> {
  const { blocking } = await offerDocumentsState(db, offerId);
  if (blocking.length && (await readDocumentSettings(db)).documents_forbid_reserve)
    throw badRequest(DOCUMENT_MSG.reserveRefused(blocking));
}
