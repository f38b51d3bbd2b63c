// Who works with a supplier's price list, and the supplier's side of it: the supplier (its city and loading address,
// the lots' defaults) and its kept profile.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import type { PriceListDefaults, PriceListProfile } from '../../domain/suppliers/priceList';
import { noDefaults } from '../../domain/suppliers/priceList';
import { OFFER_LOADING_ADDRESS } from '../../domain/offers/resource';
import { hiddenOfferFormFields } from '../../domain/offers/schema';
import { hiddenFieldMessage } from '../../domain/schemas/card';
import { forbidden, notFound } from '../errors';
import { columnsOf, select, selectFirst, type SelectedRow } from '../db/rows';
import { priceListProfiles, suppliers } from '../db/schema';
import { recordVisible } from '../records/access';
import type { SectionSpec } from '../contract/section';
import type { Section } from '../../domain/sections';
import { requireImportRight } from '../sections/offers';

export type Specs = Record<Section, SectionSpec>;

/** The supplier with where its lots load by default: its city, and the loading address its card keeps for its
 * offers (a column of its own named as the offers' field). */
const SUPPLIER = select(columnsOf(suppliers, 'id', 'name', 'city_id', OFFER_LOADING_ADDRESS));
export type Supplier = SelectedRow<typeof SUPPLIER>;

/**
 * The supplier whose price list the caller works with: a supplier's user its own only, anyone else a supplier it
 * may read (404 otherwise); the import right on offers; and the offer fields a price list writes visible to the
 * role (whose offers they are, where they load, at what price), else 403 naming the field.
 */
export async function requireSupplier(
  db: Database,
  specs: Specs,
  auth: AuthenticatedUser,
  id: number,
): Promise<Supplier> {
  requireImportRight(auth);
  const own = auth.user.supplier_id !== null;
  if (own ? auth.user.supplier_id !== id : !(await recordVisible(db, specs.suppliers, auth, id))) throw notFound();
  const hidden = hiddenOfferFormFields(auth.permissions);
  for (const field of ['supplier_id', 'city_id', 'unit_price', 'unit_amount', 'product_id']) {
    // a supplier's user has its own supplier set for it
    if (hidden.has(field) && !(own && field === 'supplier_id')) throw forbidden(hiddenFieldMessage(field));
  }
  const supplier = await selectFirst(
    db,
    SUPPLIER,
    sql`FROM ${suppliers} WHERE ${suppliers.id} = ${id} AND ${suppliers.status} <> 'deleted'`,
  );
  if (!supplier) throw notFound();
  return supplier;
}

export async function readProfile(db: Database, supplierId: number): Promise<PriceListProfile | null> {
  const p = priceListProfiles;
  return (
    (
      await selectFirst(
        db,
        select({ profile: sql<PriceListProfile>`${p.profile}` }),
        sql`FROM ${p} WHERE ${p.supplier_id} = ${supplierId}`,
      )
    )?.profile ?? null
  );
}

export const defaultsOf = (supplier: Supplier): PriceListDefaults => ({
  ...noDefaults(),
  city_id: supplier.city_id,
  [OFFER_LOADING_ADDRESS]: supplier[OFFER_LOADING_ADDRESS],
});

/** A profile's defaults with the supplier card's city and loading address where the profile has none: the card's
 * address is the lots' default as its city is. */
export const withCardDefaults = (defaults: PriceListDefaults, supplier: Supplier): PriceListDefaults => ({
  ...defaults,
  city_id: defaults.city_id ?? supplier.city_id,
  [OFFER_LOADING_ADDRESS]: defaults[OFFER_LOADING_ADDRESS] ?? supplier[OFFER_LOADING_ADDRESS],
});
