// The document types a product's lots need: the product card lists them, each offer of the product
// needs a document of each (server/sections/offers/documentsState.ts). Read with the product, changed by whoever
// may change the product, in its history.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Type } from '@sinclair/typebox';
import type { App } from '../../http/typed';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import { badRequest } from '../../errors';
import { requireAuth } from '../../accounts/auth';
import { columnsOf, select, selectRows } from '../../db/rows';
import { documentTypes, productDocumentTypes } from '../../db/schema';
import { ID, idParams, responses } from '../../http/schemas';
import { russianErrors } from '../../http/validation';
import { partVersionQuery, recordPartWrite } from '../../records/recordWrites';
import { DOCUMENT_SETTING_MSG } from '../../../domain/offers/documents';
import { productRecord } from './record';
import { refreshDocumentsState } from '../../records/documentsState';

/** The tables under the aliases the statement gives them. */
const PDT = alias(productDocumentTypes, 'pdt');
const T = alias(documentTypes, 't');

const named = (db: Database, productId: number) =>
  selectRows(
    db,
    select(columnsOf(T, 'id', 'name')),
    sql`FROM ${productDocumentTypes} ${PDT} JOIN ${documentTypes} ${T} ON ${T.id} = ${PDT.type_id} WHERE ${PDT.product_id} = ${productId} ORDER BY ${T.id}`,
  );

/** PUT /api/products/{id}/document-types: the product's required types become these, as a change of the product
 * (records/pipeline.ts, recordPartWrite): on the version the card read (`?version=`), its version moved, its history told. */
export async function setRequiredTypes(
  db: Database,
  auth: AuthenticatedUser,
  productId: number,
  typeIds: number[],
  version?: number,
) {
  const ids = [...new Set(typeIds)];
  await recordPartWrite(db, auth, productRecord, productId, {
    version,
    async write(tx) {
      const known = await selectRows(
        tx,
        select({ id: documentTypes.id }),
        sql`FROM ${documentTypes} WHERE ${documentTypes.id} IN (${sql.join(
          [0, ...ids].map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      if (known.length !== ids.length) throw badRequest(DOCUMENT_SETTING_MSG.types);
      const before = (await named(tx, productId)).map((t) => t.name).join(', ');
      await tx.execute(sql`DELETE FROM product_document_types WHERE product_id = ${productId}`);
      if (ids.length)
        await tx.execute(
          sql`INSERT INTO product_document_types (product_id, type_id) VALUES ${sql.join(
            ids.map((id) => sql`(${productId}, ${id})`),
            sql`, `,
          )}`,
        );
      const after = (await named(tx, productId)).map((t) => t.name).join(', ');
      // the product's lots need these papers now
      if (before !== after) await refreshDocumentsState(tx, sql`o.product_id = ${productId}`);
      return before === after ? [] : [{ field: 'document_types', old: before || null, new: after || null }];
    },
  });
  return named(db, productId);
}

const typesResponse = responses({
  200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
});

export function productDocumentTypesRoutes(app: App, db: Database) {
  app.put(
    '/products/:id/document-types',
    {
      schema: {
        tags: ['products'],
        summary: "The document types the product's lots need; answers them",
        params: idParams,
        querystring: partVersionQuery,
        body: Type.Object({ type_ids: Type.Array(ID, { maxItems: 100 }) }, { additionalProperties: false }),
        response: typesResponse,
      },
      schemaErrorFormatter: russianErrors({ fields: { type_ids: DOCUMENT_SETTING_MSG.types } }),
    },
    async (request) =>
      setRequiredTypes(db, requireAuth(request), request.params.id, request.body.type_ids, request.query.version),
  );
}
