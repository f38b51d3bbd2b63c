// The answers about a supplier's uploaded price lists that stand apart from the mapping screen: the supplier card's
// list of uploads and what applying one did.
import { Type, type Static } from '@sinclair/typebox';
import { COUNT, ID, NULLABLE_TEXT, Nullable, TEXT } from './kit';

/** How many lots an apply created, changed, took off and kept (gone lots that hold active reserves). */
export const PRICE_LIST_COUNTS = Type.Object({ new: COUNT, changed: COUNT, gone: COUNT, kept: COUNT });
export type PriceListCounts = Static<typeof PRICE_LIST_COUNTS>;

const IDS = Type.Array(ID);

/** POST /api/price-list-uploads/{id}/apply: the offers written, by what was done to them. */
export const PRICE_LIST_APPLIED = Type.Object({
  created: IDS,
  changed: IDS,
  deleted: IDS,
  kept: Type.Array(ID, { description: 'gone lots kept: they hold active reserves' }),
  counts: PRICE_LIST_COUNTS,
});
export type PriceListApplied = Static<typeof PRICE_LIST_APPLIED>;

/** GET /api/suppliers/{id}/price-lists: the supplier's uploads, as its card lists them. */
export const PRICE_LIST_UPLOADS = Type.Array(
  Type.Object({
    id: ID,
    file_name: TEXT,
    uploaded_at: TEXT,
    uploaded_by: NULLABLE_TEXT,
    applied_at: NULLABLE_TEXT,
    counts: Nullable(PRICE_LIST_COUNTS, { description: 'null until the upload is applied' }),
  }),
);
export type PriceListUploadItem = Static<typeof PRICE_LIST_UPLOADS>[number];
