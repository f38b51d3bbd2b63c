// The answers of the endpoints every section shares: a page of a list, a bulk delete, edit and restore, the filters'
// configuration, the reference lists and a record's card. Rows and cards keep their other keys (additionalProperties),
// which the fields' hiding leaves out per role.
import { Type, type Static } from '@sinclair/typebox';
import { COUNT, Dict, FLAG, ID, Nullable, OneOf, TEXT } from './kit';

export const PAGINATION = Type.Object({
  totalItems: COUNT,
  currentPage: COUNT,
  firstPage: COUNT,
  lastPage: COUNT,
  nextPage: Nullable(TEXT),
  previousPage: Nullable(TEXT),
  perPage: COUNT,
  pageCount: COUNT,
  pageURI: TEXT,
  /** false: more rows match than were counted (LIST_COUNT_CAP); totalItems is how many at least, shown as
   * 'более …', and pageCount the pages known so far (there is always a next one). Absent means exact. */
  totalExact: Type.Optional(FLAG),
});
export type Pagination = Static<typeof PAGINATION>;

/** GET /api/{section}: a page of rows, each with its id. */
export const LIST_PAGE = Type.Object({
  data: Type.Array(Type.Object({ id: ID }, { additionalProperties: true })),
  pagination: PAGINATION,
});

/** One selected record a bulk write left as it was, and why, in Russian (the card's own message). */
const REFUSED_ROW = Type.Object({ id: ID, reason: TEXT });
export type RefusedRow = Static<typeof REFUSED_ROW>;
const REFUSED_ROWS = Type.Array(REFUSED_ROW, { description: 'each record left as it was, with the reason in Russian' });
const STATUS = OneOf(['success', 'error']);

/** Why the selected records that stayed were not deleted, counted per distinct id: kept by the section's own
 * rule (an offer's active reserves), outside the caller's delete right, deleted already, or not found (nor
 * readable by the caller, which is the same to it). */
const DELETE_REASONS = Type.Object(
  { kept: COUNT, forbidden: COUNT, deleted: COUNT, missing: COUNT },
  { description: 'why the records not deleted stayed, per distinct id' },
);
export type DeleteReasons = Static<typeof DELETE_REASONS>;

/** DELETE /api/{section}. */
export const DELETE_RESULT = Type.Object({
  status: STATUS,
  deleted: COUNT,
  notDeleted: COUNT,
  warning: Type.Optional(TEXT),
  reasons: Type.Optional(DELETE_REASONS),
  message: Type.Optional(Type.String({ description: 'why none was deleted, in Russian' })),
  refused: Type.Optional(REFUSED_ROWS),
});
export type BulkDeleteResponse = Static<typeof DELETE_RESULT>;

/** PATCH /api/{section} with {ids, set, adjust?}: as a bulk delete answers, with each refused record's reason. */
export const BULK_EDIT_RESULT = Type.Object({
  status: OneOf(['success']),
  changed: COUNT,
  notChanged: COUNT,
  warning: Type.Optional(TEXT),
  message: Type.Optional(Type.String({ description: 'why none was changed, in Russian' })),
  refused: REFUSED_ROWS,
});
export type BulkEditResponse = Static<typeof BULK_EDIT_RESULT>;

/** POST /api/{section}/restore with {ids}: the same for a restore. */
export const BULK_RESTORE_RESULT = Type.Object({
  status: OneOf(['success']),
  restored: COUNT,
  notRestored: COUNT,
  warning: Type.Optional(TEXT),
  message: Type.Optional(Type.String({ description: 'why none was restored, in Russian' })),
  refused: REFUSED_ROWS,
});
export type BulkRestoreResponse = Static<typeof BULK_RESTORE_RESULT>;

/** GET /api/{section}/filter_config: an entry per filter key (spec point 3 "Filter configuration entry"). */
export const FILTER_CONFIG = Dict(
  Type.Object({
    title: TEXT,
    type: TEXT,
    placeholder: Type.Optional(Type.Array(TEXT)),
    options: Type.Optional(
      Type.Array(
        Type.Object({
          title: TEXT,
          value: Type.Unsafe<string | number>({ type: ['string', 'integer'] }),
          selected: Type.Optional(FLAG),
        }),
      ),
    ),
    isForbidden: Type.Optional(FLAG),
  }),
);

/** GET /api/lists/{name}/items: [{id, name}] (a variety also names its product). */
export const REFERENCE_ITEMS = Type.Array(
  Type.Object({
    id: ID,
    name: TEXT,
    product_id: Type.Optional(Nullable(ID)),
    expires: Type.Optional(FLAG),
  }),
);
export type NamedRef = Static<typeof REFERENCE_ITEMS>[number];

/** GET /api/{section}/{id} and a card's writes: the record with its id (and version), its fields as the role sees them. */
export const CARD_RECORD = Type.Object({ id: ID, version: Type.Optional(COUNT) }, { additionalProperties: true });

/** GET /api/filters/{section}: the caller's default filter, {} when none is saved. Its values are checked by the
 * list query codec when the list reads them; here, that it is a filter at all. */
export const SAVED_FILTER = Dict(
  // a value's type is the filter's (text, list, flag or {from, to}); untyped here so the server writes each as it is
  Type.Unknown({ description: "the filter's value: text, a list, a flag or {from, to}" }),
);

/** GET /api/settings?keys=…: the caller's layouts by key, null for a key never saved. */
export const LAYOUTS = Dict(
  Type.Unknown({ description: 'the layout as saved: {column: {position, is_visible, width}}, or null' }),
);
