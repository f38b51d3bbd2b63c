// The sections' field tables (domain/<section>/fields.ts) against what is built from them: each field once, in the
// form and in the import template, under the label the card shows.
import { OFFER_FIELDS, OFFER_IMPORT_ORDER } from '../offers/fields';
import { OFFER_FIELD_VISIBILITY, OFFER_FORM_FIELDS, offerSchema } from '../offers/schema';
import { OFFER_IMPORT_COLUMNS } from '../offers/import';

const sorted = (keys: readonly string[]) => [...keys].sort();

describe('offers', () => {
  test('each field once; the yup form asks for exactly the table’s fields', () => {
    expect(new Set(OFFER_FORM_FIELDS).size).toBe(OFFER_FIELDS.length);
    expect(sorted(Object.keys(offerSchema().fields))).toEqual(sorted(OFFER_FORM_FIELDS));
  });

  test('the import template has every field once, titled as the card labels it, then the comment', () => {
    expect(sorted(OFFER_IMPORT_ORDER)).toEqual(sorted(OFFER_FORM_FIELDS));
    expect(OFFER_IMPORT_COLUMNS.map((c) => c.key)).toEqual([...OFFER_IMPORT_ORDER, 'comments']);
    for (const field of OFFER_FIELDS) expect(OFFER_IMPORT_COLUMNS.find((c) => c.key === field.key)?.title).toBe(field.label);
  });

  test('a reference is hidden with the field spec point 6 names; the rest go by their own key', () => {
    expect(OFFER_FIELD_VISIBILITY).toEqual({ product_id: 'product', variety_id: 'variety', packing_id: 'packaging', city_id: 'city', supplier_id: 'supplier' });
    expect(OFFER_FIELDS.filter((f) => f.kind === 'reference').map((f) => f.key)).toEqual(Object.keys(OFFER_FIELD_VISIBILITY));
  });
});
