import type { HiddenFields, ReadsFields } from './fieldRefs';
import type { HiddenFrom } from './resource';
import { SECTION_RESOURCES } from './resources';
import { SECTIONS, type Section } from './sectionKeys';

// Who does not see a field is declared on the field (domain/<section>/resource.ts: hiddenFrom, hiddenAs). Here the
// names of spec point 6 that are no field's, and the lists put together: the rules roles 1 and 8 start with, which
// the server stores as data (role_hidden_fields, written by the seed), and what a supplier's account never sees.

/** The names hidden from each that are no field of the resources': statistics columns, and spec point 6's word for
 * an employee's name. */
const NOT_FIELDS: Record<HiddenFrom, HiddenFields> = {
  '1': {},
  '8': { employees: ['contact_name'] },
  supplier: {
    reserves: ['buyer_id'],
    suppliers: [
      'total_offers_created',
      'reserve_total_created',
      'reserve_purchased_count',
      'reserve_purchased_sum',
      'reserve_cancelled_count',
      'available_amount',
      'min_selling_price',
      'max_selling_price',
    ],
    employees: ['reserve_purchased_sum', 'marginality'],
  },
};

/** Every name hidden from a role or an account kind, by section; `also` joins names hidden in every section. */
function hiddenFrom(from: HiddenFrom, also: readonly string[] = []): HiddenFields {
  const all: HiddenFields = {};
  for (const section of SECTIONS as readonly Section[]) {
    const names = [
      ...(SECTION_RESOURCES[section]?.hiddenNames(from) ?? []),
      ...(NOT_FIELDS[from][section] ?? []),
      ...also,
    ];
    if (names.length) all[section] = names;
  }
  return all;
}

/** The field-hiding rules of spec point 6 for roles 1 and 8; both roles also lose created_by everywhere. */
export const SPEC_HIDDEN_FIELDS: Record<'1' | '8', HiddenFields> = {
  '1': hiddenFrom('1', ['created_by']),
  '8': hiddenFrom('8', ['created_by']),
};

/**
 * The trader's figures, hidden from every supplier-kind account whatever its role's hidden fields say (an admin may
 * give a supplier's role more rights, never these): a supplier quotes its price to us and must not learn what we
 * sell at, so no selling band (it is the purchase cost times the markups, so it gives the markups away), no
 * selling price, sum or margin, no buyer (the trader's customer), no business terms, and none of the statistics
 * that add up other suppliers' offers or the trader's sales. Kept visible: its own offers' purchase price, stock,
 * reserved and purchased amounts and sums (at its own price) and the warehouse delivery cost, which the supplier
 * fills in itself and which gives nothing away without the band.
 */
export const SUPPLIER_HIDDEN_FIELDS: HiddenFields = hiddenFrom('supplier');

/** Keys a section's answers carry besides its columns, with the fields they show: a hidden field is hidden under
 * every name it travels by (an employee's sign-in 'username' is its e-mail). Columns and filters declare theirs on
 * their own defs (domain/<section>/columns.ts, filters.ts: field, reads). */
export const RESPONSE_KEYS: Partial<Record<Section, readonly ReadsFields[]>> = {
  employees: [{ key: 'username', field: 'email' }],
  reserves: [{ key: 'available_amount', reads: ['offers.available_amount'] }],
};
