// What a УПД is made of, read from the database: the chosen reserves with their lots (locked in the making's
// transaction), the buyer's card, the company's requisites and the country texts an administrator mapped.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { settingsByName } from '../../settings';
import { declarationOf } from '../shipments';
import { isVatRate, isVatRegime, VAT_REGIME_DEFAULT } from '../../../domain/papers/lines';
import type { UpdBuyerFacts, UpdReserveFacts, UpdSellerFacts } from '../../../domain/upd/build';

/** The company settings the document prints (saved on the settings page). */
export const SELLER_SETTINGS = {
  full_name: 'company_full_name',
  inn: 'company_inn',
  kpp: 'company_kpp',
  address: 'company_address',
  director: 'company_director',
  bank_name: 'company_bank_name',
  bik: 'company_bik',
  account: 'company_account',
  corr_account: 'company_corr_account',
} as const;

export async function sellerFacts(db: Database): Promise<UpdSellerFacts> {
  const names = [...Object.values(SELLER_SETTINGS), 'company_name', 'vat_regime'];
  const stored = await settingsByName(db, names);
  const value = (name: string) => stored[name]?.trim() || null;
  const facts = Object.fromEntries(Object.entries(SELLER_SETTINGS).map(([key, name]) => [key, value(name)])) as Omit<
    UpdSellerFacts,
    'vat_regime'
  >;
  const regime = stored.vat_regime;
  return {
    ...facts,
    full_name: facts.full_name ?? value('company_name'),
    vat_regime: isVatRegime(regime) ? regime : VAT_REGIME_DEFAULT,
  };
}

/** The chosen reserves, locked (a reserve is put on one live УПД at a time), in the order of their ids. A lot that
 * came in a shipment with a declaration carries the shipment's number (one container, one ДТ, typed once); a lot in
 * none, or in one without it, its own. */
export async function reserveFacts(tx: Database, ids: number[]): Promise<UpdReserveFacts[]> {
  const rows = rowsOf<UpdReserveFacts & { vat_rate: string }>(
    await tx.execute(sql`
    SELECT r.id, r.status, r.buyer_id, coalesce(b.name, r.buyer_name) AS buyer_name,
           r.actual_date_implementation::text AS shipment_date, r.amount::text AS amount,
           round(r.unit_selling_price, 2)::text AS unit_selling_price, o.unit_measure, o.id AS offer_id,
           concat_ws(', ', p.name, v.name, pk.name) AS lot, p.vat_rate, o.origin_country, o.customs_declaration
    FROM reserves r JOIN offers o ON o.id = r.offer_id JOIN products p ON p.id = o.product_id
    LEFT JOIN varieties v ON v.id = o.variety_id LEFT JOIN packing pk ON pk.id = o.packing_id
    LEFT JOIN buyers b ON b.id = r.buyer_id
    WHERE r.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY r.id FOR UPDATE OF r`),
  );
  const declared = await declarationOf(
    tx,
    rows.map((r) => r.offer_id),
  );
  return rows.map((r) => ({
    ...r,
    vat_rate: isVatRate(r.vat_rate) ? r.vat_rate : '22',
    customs_declaration: declared.get(Number(r.offer_id))?.dt_number ?? r.customs_declaration,
  }));
}

export async function buyerFacts(tx: Database, buyerId: number): Promise<UpdBuyerFacts | null> {
  const [row] = rowsOf<UpdBuyerFacts>(
    await tx.execute(sql`SELECT name, inn, kpp, legal_address FROM buyers WHERE id = ${buyerId}`),
  );
  return row ?? null;
}

/** Country texts (normalized) an administrator mapped to a classifier code. */
export async function countryMappings(db: Database): Promise<Map<string, string>> {
  const rows = rowsOf<{ text: string; oksm_code: string }>(
    await db.execute(sql`SELECT text, oksm_code FROM country_mappings`),
  );
  return new Map(rows.map((r) => [r.text, r.oksm_code]));
}
