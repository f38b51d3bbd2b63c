// The sections' field tables (domain/<section>/fields.ts) against what is built from them: each field once, in the
// form and in the import template, under the label the card shows.
import { OFFER_FIELDS, OFFER_IMPORT_ORDER } from '../offers/resource';
import { OFFER_FIELD_VISIBILITY, OFFER_FORM_FIELDS, offerSchema } from '../offers/schema';
import { OFFER_IMPORT_COLUMNS } from '../offers/import';
import { RESERVE_FIELDS } from '../reserves/resource';
import { RESERVE_FIELD_VISIBILITY, RESERVE_FORM_FIELDS, reserveSchema } from '../reserves/schema';
import { EMPLOYEE_FIELDS } from '../employees/resource';
import { EMPLOYEE_FIELD_VISIBILITY, EMPLOYEE_FORM_FIELDS, employeeSchema } from '../employees/schema';
import { SUPPLIER_FIELDS } from '../suppliers/resource';
import { SUPPLIER_FIELD_VISIBILITY, SUPPLIER_FORM_FIELDS, supplierSchema } from '../suppliers/schema';

const sorted = (keys: readonly string[]) => [...keys].sort();
const SETTINGS = { delivery_cost_default: 15, costs_per_kg: 12, min_markup: 0.1, max_markup: 0.35 };
const OFFER = { available_amount: '37.00', kg_price: '300.00', unit_weight: '1', units_per_pack: '10' };

describe('offers', () => {
  test('each field once; the yup form asks for exactly the table’s fields', () => {
    expect(new Set(OFFER_FORM_FIELDS).size).toBe(OFFER_FIELDS.length);
    expect(sorted(Object.keys(offerSchema('2026-11-28').fields))).toEqual(sorted(OFFER_FORM_FIELDS));
  });

  test('the import template has every field once, titled as the card labels it, then the comment', () => {
    expect(sorted(OFFER_IMPORT_ORDER)).toEqual(sorted(OFFER_FORM_FIELDS));
    expect(OFFER_IMPORT_COLUMNS.map((c) => c.key)).toEqual([...OFFER_IMPORT_ORDER, 'comments']);
    for (const field of OFFER_FIELDS)
      expect(OFFER_IMPORT_COLUMNS.find((c) => c.key === field.key)?.title).toBe(field.label);
  });

  test('a reference is hidden with the field spec point 6 names; the rest go by their own key', () => {
    expect(OFFER_FIELD_VISIBILITY).toEqual({
      product_id: 'product',
      variety_id: 'variety',
      packing_id: 'packaging',
      city_id: 'city',
      supplier_id: 'supplier',
    });
    expect(OFFER_FIELDS.filter((f) => f.kind === 'reference').map((f) => f.key)).toEqual(
      Object.keys(OFFER_FIELD_VISIBILITY),
    );
  });
});

describe('reserves, employees, suppliers', () => {
  test('each yup form asks for exactly its table’s fields (the reserve’s offer is the card’s context, not a form field)', () => {
    expect(sorted(Object.keys(reserveSchema(OFFER, SETTINGS, '2026-11-23').fields))).toEqual(
      sorted(RESERVE_FORM_FIELDS.filter((f) => f !== 'offer_id')),
    );
    expect(sorted(Object.keys(employeeSchema().fields))).toEqual(sorted(EMPLOYEE_FORM_FIELDS));
    expect(sorted(Object.keys(supplierSchema().fields))).toEqual(sorted(SUPPLIER_FORM_FIELDS));
  });

  test('the hiding rules of spec point 6 the form fields go by', () => {
    expect(RESERVE_FIELD_VISIBILITY).toEqual({ city_id: 'city', buyer_id: 'buyer', responsible: 'responsible_id' });
    expect(SUPPLIER_FIELD_VISIBILITY).toEqual({ city_id: 'city' });
    expect(EMPLOYEE_FIELD_VISIBILITY).toEqual({});
  });

  test('labels are unique within a card', () => {
    for (const table of [RESERVE_FIELDS, EMPLOYEE_FIELDS, SUPPLIER_FIELDS, OFFER_FIELDS]) {
      const labels: string[] = table.map((f) => f.label);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });
});
