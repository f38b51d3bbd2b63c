// The answers about one record beyond its card: its comments, its history, a product's varieties and a city's
// row of the delivery matrix.
import { Type, type Static } from '@sinclair/typebox';
import { COUNT, ID, NULLABLE_ID, NULLABLE_TEXT, Nullable, OneOf, NAMED, TEXT, TIMESTAMP } from './kit';

/** A comment of a record (GET /api/{section}/{id}/comments is a list of them; POST answers one). */
export const COMMENT = Type.Object({
  id: ID,
  text: TEXT,
  author_id: Type.Optional(NULLABLE_ID),
  author_name: Type.Optional(NULLABLE_TEXT),
  created_at: Type.Optional(TIMESTAMP),
});
export const COMMENTS = Type.Array(COMMENT);
export type CommentItem = Static<typeof COMMENT>;

export const HISTORY_CHANGE = Type.Object({
  field: Type.String({ description: 'the database column (domain/history.ts names its title and format)' }),
  key: Type.Optional(
    Type.Integer({ description: 'which part of the field changed: the destination city of a delivery change' }),
  ),
  name: Type.Optional(Nullable(TEXT, { description: 'the name of what key stands for' })),
  old: Type.Optional(Type.Unknown({ description: 'the value before; a reference as {id, name}' })),
  new: Type.Optional(Type.Unknown({ description: 'the value after; a reference as {id, name}' })),
});

/** GET /api/{section}/{id}/history: the record's history, newest first, as the reader may see it. */
export const HISTORY = Type.Array(
  Type.Object({
    id: ID,
    at: TIMESTAMP,
    action: OneOf(['create', 'update', 'delete', 'stock', 'restore']),
    user: Type.Optional(
      Nullable(NAMED, {
        description: "who wrote it; null where the reader's role does not see who created records",
      }),
    ),
    system: Type.Optional(
      Type.Boolean({
        description: "written by the server itself (the reserves' expiry job), by no user: shown as 'Система'",
      }),
    ),
    changes: Type.Array(HISTORY_CHANGE),
    via: Type.Optional(
      Nullable(
        Type.Object({
          section: Type.Optional(TEXT),
          step: Type.Optional(
            OneOf(['create', 'change', 'complete', 'cancel', 'delete', 'restore', 'expire', 'renew', 'apply']),
          ),
          ids: Type.Optional(Type.Array(ID)),
          file: Type.Optional(
            Type.String({ description: "a supplier price list's file, where the reader sees the offer's supplier" }),
          ),
          day: Type.Optional(Type.String({ format: 'date' })),
          settings: Type.Optional(
            Type.String({ description: "the business settings a save moved, which moved the offer's selling band" }),
          ),
        }),
        {
          description:
            "what changed an offer: the reserves (those the reader may read) and their step, a supplier's price list, or a save of the business settings",
        },
      ),
    ),
  }),
);

/** GET /api/products/{id}/varieties and its writes: the product's varieties, with how many offers name each. */
export const VARIETIES = Type.Array(
  Type.Object({
    id: ID,
    name: TEXT,
    product_id: ID,
    offers: Type.Optional(Type.Integer({ description: 'how many offers name it: such a variety cannot be removed' })),
  }),
);
export type Variety = Static<typeof VARIETIES>[number];

/** GET /api/cities/{id}/delivery and its PUT: the city's row of the delivery matrix; id is 0 until the row is stored. */
export const CITY_DELIVERY = Type.Array(Type.Object({ id: ID, to_id: ID, to_name: TEXT, cost: TEXT, days: COUNT }));
export type DeliveryRow = Static<typeof CITY_DELIVERY>[number];
