// A stored УПД read back: the card's fields, its lines, and the document object both files are drawn from
// (domain/upd/document.ts). The list is a buyer's or the filtered one ('Скачать для ЭДО' zips it).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paperReadable } from '../papers';
import { rowsOf } from '../../db/rows';
import { businessDayOf } from '../../../domain/businessDay';
import { dayText } from '../../../domain/upd/build';
import type { UpdDocument, UpdLine, UpdParty, UpdPerson, UpdVatRate } from '../../../domain/upd/document';

export interface UpdRow {
  id: number;
  number: number;
  year: number;
  date: string;
  shipment_date: string;
  buyer_id: number;
  buyer_name: string;
  file_id: string;
  formed_at: string;
  seller: UpdParty;
  buyer: UpdParty;
  signer: UpdPerson & { position: string };
  sum_without_vat: string;
  vat_sum: string;
  sum_with_vat: string;
  status: 'active' | 'cancelled';
  version: number;
  created_at: string;
  cancelled_at: string | null;
  created_by_name: string | null;
  cancelled_by_name: string | null;
}

export interface UpdLineRow {
  n: number;
  reserve_id: number;
  name: string;
  okei: string;
  unit_name: string;
  quantity: string;
  price: string;
  sum_without_vat: string;
  vat_rate: UpdVatRate;
  vat_sum: string;
  sum_with_vat: string;
  origin_code: string | null;
  origin_short: string | null;
  declaration: string | null;
}

const ROW = sql`
  SELECT d.id, d.number, d.year, d.date::text AS date, d.shipment_date::text AS shipment_date, d.buyer_id, b.name AS buyer_name,
         d.file_id, d.formed_at, d.seller, d.buyer, d.signer, d.sum_without_vat::text AS sum_without_vat, d.vat_sum::text AS vat_sum,
         d.sum_with_vat::text AS sum_with_vat, d.status, d.version, d.created_at, d.cancelled_at,
         cu.name AS created_by_name, xu.name AS cancelled_by_name
  FROM upd_documents d JOIN buyers b ON b.id = d.buyer_id
  LEFT JOIN users cu ON cu.id = d.created_by LEFT JOIN users xu ON xu.id = d.cancelled_by`;

/** A reserve the caller may read, over `r`: the scope of the reserves' read right ('own': the caller's reserves). */
export type ReserveScope = SQL;

/** Papers every line of which is a reserve the caller may read. */
const readable = (scope: ReserveScope) => paperReadable('upd', scope);

export async function updRow(db: Database, id: number, scope: ReserveScope): Promise<UpdRow | null> {
  const [row] = rowsOf<UpdRow>(await db.execute(sql`${ROW} WHERE d.id = ${id} AND ${readable(scope)}`));
  return row ?? null;
}

export async function updLines(db: Database, id: number): Promise<UpdLineRow[]> {
  return rowsOf<UpdLineRow>(
    await db.execute(sql`
    SELECT n, reserve_id, name, okei, unit_name, quantity::text AS quantity, price::text AS price, sum_without_vat::text AS sum_without_vat,
           vat_rate, vat_sum::text AS vat_sum, sum_with_vat::text AS sum_with_vat, origin_code, origin_short, declaration
    FROM upd_lines WHERE upd_id = ${id} ORDER BY n`),
  );
}

export interface UpdListFilter {
  buyer_id?: number;
  reserve_id?: number;
  status?: 'active' | 'cancelled';
  date_from?: string;
  date_to?: string;
}

export async function updList(
  db: Database,
  filter: UpdListFilter,
  scope: ReserveScope,
  limit = 500,
): Promise<UpdRow[]> {
  const where: SQL[] = [readable(scope)];
  if (filter.buyer_id) where.push(sql`d.buyer_id = ${filter.buyer_id}`);
  if (filter.reserve_id)
    where.push(
      sql`EXISTS (SELECT 1 FROM upd_lines fl WHERE fl.upd_id = d.id AND fl.reserve_id = ${filter.reserve_id})`,
    );
  if (filter.status) where.push(sql`d.status = ${filter.status}`);
  if (filter.date_from) where.push(sql`d.date >= ${filter.date_from}`);
  if (filter.date_to) where.push(sql`d.date <= ${filter.date_to}`);
  return rowsOf<UpdRow>(
    await db.execute(
      sql`${ROW} WHERE ${sql.join(where, sql` AND `)} ORDER BY d.year DESC, d.number DESC LIMIT ${limit}`,
    ),
  );
}

/** The number as printed: the year's sequence. */
export const updNumber = (row: Pick<UpdRow, 'number'>) => String(row.number);

const trimmed = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** The stored document as the object the XML and the print form are drawn from. */
export function updDocument(row: UpdRow, lines: UpdLineRow[], zone: string, program: string): UpdDocument {
  const formed = new Date(row.formed_at);
  const time = new Intl.DateTimeFormat('ru-RU', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(formed);
  return {
    fileId: row.file_id,
    number: updNumber(row),
    date: dayText(row.date),
    formedDate: dayText(businessDayOf(formed, zone)),
    formedTime: time.replace(/:/g, '.'),
    shipmentDate: dayText(row.shipment_date),
    seller: row.seller,
    buyer: row.buyer,
    lines: lines.map((l): UpdLine => ({
      n: l.n,
      name: l.name,
      okei: l.okei,
      unitName: l.unit_name,
      quantity: trimmed(l.quantity),
      price: l.price,
      sumWithoutVat: l.sum_without_vat,
      vatRate: l.vat_rate,
      vatSum: l.vat_sum,
      sumWithVat: l.sum_with_vat,
      origin: l.origin_code
        ? { code: l.origin_code, short: l.origin_short ?? '', declaration: l.declaration ?? '' }
        : null,
    })),
    totals: { sumWithoutVat: row.sum_without_vat, vatSum: row.vat_sum, sumWithVat: row.sum_with_vat },
    signer: row.signer,
    program,
  };
}
