import { RESOURCES, type HiddenFields, type ReadsFields, type Resource } from './permissions';

// The field-hiding rules of spec point 6 for roles 1 and 8. The server stores them as data
// (role_hidden_fields) and the seed writes exactly these; both roles also lose created_by everywhere.
const everywhere = (fields: HiddenFields): HiddenFields => {
  const all: HiddenFields = {};
  for (const resource of RESOURCES) {
    all[resource] = [...(fields[resource] ?? []), 'created_by'];
  }
  return all;
};

export const SPEC_HIDDEN_FIELDS: Record<'1' | '8', HiddenFields> = {
  '1': everywhere({
    offers: ['supplier', 'suppliers_ids', 'city', 'loading_address'],
    suppliers: ['phone', 'email', 'contact_name', 'contact_person', 'inn', 'city', 'loading_address', 'location'],
    employees: ['position_id'],
  }),
  '8': everywhere({
    offers: ['supplier', 'suppliers_ids', 'warehouse_delivery_cost', 'warehouse_cost', 'max_unit_price', 'min_unit_price'],
    reserves: [
      'marginality', 'estimated_date_implementation', 'actual_date_implementation', 'unit_selling_price',
      'buyer', 'buyer_name', 'buyer_phone', 'city', 'delivery_address', 'delivery_days', 'delivery_cost', 'responsible_id',
      'total_selling_sum', 'total_selling_price', 'min_selling_price', 'max_selling_price',
    ],
    employees: ['phone', 'email', 'contact_name'],
  }),
};

/** Keys a section's answers carry besides its columns, with the fields they show: a hidden field is hidden under
 * every name it travels by (an employee's sign-in 'username' is its e-mail). Columns and filters declare theirs on
 * their own defs (domain/<section>/columns.ts, filters.ts: field, reads). */
export const RESPONSE_KEYS: Partial<Record<Resource, readonly ReadsFields[]>> = {
  employees: [{ key: 'username', field: 'email' }],
  reserves: [{ key: 'available_amount', reads: ['offers.available_amount'] }],
};
