// An offer's documents state (issue 39, domain/offers/documents.ts) as one SQL expression over the offer's alias,
// shared here by the offers (list, card), the reserves (card, refusal) and the price list,
// so the list shows it as a column and filters by it, the card and the reserve read it, and the price list marks
// lots by it, all from one rule. The papers a lot needs: its product's document types, and for an imported lot
// (origin not Россия) the business setting's types besides. Per type the latest document counts (one without a
// valid-until never lapses). Dates are judged on the business day, in the business time zone.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ZONE_SQL } from '../db/businessDay';
import { badRequest } from '../errors';
import { select, selectFirst } from '../db/rows';
import { businessSettings } from '../db/schema';
import {
  DOCUMENT_MSG, DOCUMENT_NOTICE_DAYS_DEFAULT, DOMESTIC_ORIGINS, type DocumentSettings, type DocumentsState,
} from '../../domain/offers/documents';
import { LOT } from '../../domain/offers/lot';

/** The business day in SQL (business setting time_zone, issue 33): today where the business is, whatever the
 * server's or the database's zone. */
export const BUSINESS_TODAY = sql`(now() AT TIME ZONE ${ZONE_SQL})::date`;

/** The days ahead an expiry is told and shown as 'Истекает' (business setting documents_notice_days). */
export const NOTICE_DAYS = sql`coalesce((SELECT bs.value::int FROM business_settings bs WHERE bs.name = 'documents_notice_days'), ${DOCUMENT_NOTICE_DAYS_DEFAULT}::int)`;

/** The types an imported lot needs (business setting documents_imported_types, a PostgreSQL int array such as
 * '{2}'); the phytosanitary certificate until the setting is saved. */
export const IMPORTED_TYPES = sql`coalesce((SELECT bs.value::int[] FROM business_settings bs WHERE bs.name = 'documents_imported_types'),
  ARRAY(SELECT dt.id FROM document_types dt WHERE dt.code = 'phytosanitary'))`;

const DOMESTIC = sql.raw(DOMESTIC_ORIGINS.map((o) => `'${o}'`).join(', '));

/** The document type ids the offer under `a` needs. */
export const requiredTypes = (a: string) => {
  const o = sql.raw(a);
  // the lot's origin, by the offer's column the lot declares it in (domain/offers/lot.ts)
  const origin = sql.raw(`${a}.${LOT.origin.field}`);
  return sql`ARRAY(SELECT pdt.type_id FROM product_document_types pdt WHERE pdt.product_id = ${o}.product_id
    UNION SELECT unnest(${IMPORTED_TYPES})
      WHERE coalesce(btrim(${origin}), '') <> '' AND lower(btrim(${origin})) NOT IN (${DOMESTIC}))`;
};

/** The offer's documents state as JSON {state, missing, expired, blocking, expires_on, days_left}; `today` is the
 * business day (a test gives a fixed one). */
export function documentsStateSql(a: string, today: SQL = BUSINESS_TODAY): SQL {
  const o = sql.raw(a);
  return sql`(SELECT json_build_object(
      'state', CASE WHEN bool_or(x.required AND NOT x.has) THEN 'missing' WHEN bool_or(x.until < x.today) THEN 'expired'
        WHEN min(x.until) <= min(x.today) + min(x.notice) THEN 'expiring' ELSE 'ok' END,
      'missing', coalesce(json_agg(x.name ORDER BY x.id) FILTER (WHERE x.required AND NOT x.has), '[]'::json),
      'expired', coalesce(json_agg(x.name ORDER BY x.id) FILTER (WHERE x.until < x.today), '[]'::json),
      'blocking', coalesce(json_agg(x.name ORDER BY x.id) FILTER (WHERE x.required AND (NOT x.has OR x.until < x.today)), '[]'::json),
      'expires_on', coalesce(min(x.until) FILTER (WHERE x.until < x.today), min(x.until))::text,
      'days_left', coalesce(min(x.until) FILTER (WHERE x.until < x.today), min(x.until)) - min(x.today))
    FROM (
      SELECT t.id, t.name, t.id = ANY(r.ids) AS required, count(d.id) > 0 AS has,
        CASE WHEN bool_or(d.id IS NOT NULL AND d.valid_until IS NULL) THEN NULL ELSE max(d.valid_until) END AS until,
        ${today}::date AS today, ${NOTICE_DAYS} AS notice
      FROM (SELECT ${requiredTypes(a)} AS ids) r
      CROSS JOIN document_types t
      LEFT JOIN offer_documents d ON d.type_id = t.id AND d.offer_id = ${o}.id
      WHERE t.id = ANY(r.ids) OR d.id IS NOT NULL
      GROUP BY t.id, t.name, r.ids
    ) x)`;
}

/** The list filter `documents_state`: offers in any of the given states. */
export const documentsStateIn = (a: string, states: string[]): SQL =>
  states.length ? sql`(${documentsStateSql(a)})->>'state' IN (${sql.join(states.map((s) => sql`${s}`), sql`, `)})` : sql`true`;

/** One offer's documents state, as its read and list row carry it. */
export async function offerDocumentsState(db: Database, offerId: number): Promise<DocumentsState> {
  return (await selectFirst(db, select({ s: sql<DocumentsState>`${documentsStateSql('o')}` }), sql`FROM offers o WHERE o.id = ${offerId}`))!.s;
}

/** The lot documents' business settings, with their defaults where none was saved. */
export async function readDocumentSettings(db: Database): Promise<DocumentSettings> {
  const settings = select({
    types: sql<number[]>`${IMPORTED_TYPES}`,
    forbid: sql<string | null>`(SELECT ${businessSettings.value} FROM ${businessSettings} WHERE ${businessSettings.name} = 'documents_forbid_reserve')`,
    days: sql<number>`${NOTICE_DAYS}`,
  });
  const row = (await selectFirst(db, settings))!;
  return { documents_imported_types: row.types.map(Number), documents_forbid_reserve: row.forbid === 'true', documents_notice_days: Number(row.days) };
}

/** A new reserve of a lot whose required papers are missing or lapsed: refused (400 with the list) under
 * 'Запрещать резерв без документов'; otherwise the card warns from the offer's documents_state. */
export async function refuseReserveWithoutDocuments(db: Database, offerId: number): Promise<void> {
  const { blocking } = await offerDocumentsState(db, offerId);
  if (blocking.length && (await readDocumentSettings(db)).documents_forbid_reserve) throw badRequest(DOCUMENT_MSG.reserveRefused(blocking));
}
