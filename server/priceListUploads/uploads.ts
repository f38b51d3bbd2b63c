// The supplier card's list of uploads, and an uploaded file itself.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import type { PriceListUploadItem as UploadListItem } from '../../domain/suppliers/priceListPreview';
import { isRefVisible } from '../../domain/permissions';
import { columnsOf, select, selectFirst, selectRows } from '../db/rows';
import { files, priceListUploads, users } from '../db/schema';
import { requireSupplier, type Specs } from './access';
import { loadUpload } from './stored';

const PU = alias(priceListUploads, 'pu');
const U = alias(users, 'u');
const F = alias(files, 'f');

export async function listUploads(
  db: Database,
  specs: Specs,
  auth: AuthenticatedUser,
  supplierId: number,
): Promise<UploadListItem[]> {
  await requireSupplier(db, specs, auth, supplierId);
  const rows = await selectRows(
    db,
    select({
      ...columnsOf(PU, 'id', 'file_name', 'uploaded_at'),
      uploaded_by: sql<string | null>`coalesce(${U.name}, ${U.email})`,
      applied_at: PU.applied_at,
      counts: sql<UploadListItem['counts']>`${PU.counts}`,
      uploader_id: sql<number | null>`${PU.uploaded_by}`,
    }),
    sql`
    FROM ${priceListUploads} ${PU} LEFT JOIN ${users} ${U} ON ${U.id} = ${PU.uploaded_by}
    WHERE ${PU.supplier_id} = ${supplierId} ORDER BY ${PU.id} DESC LIMIT 100`,
  );
  // who uploaded is a person: named where the role sees who made the offers an upload writes (the people rule), or
  // to the uploader itself
  const people = isRefVisible(auth.permissions, 'offers.created_by');
  return rows.map(({ uploader_id, ...r }) => ({
    ...r,
    uploaded_by: people || Number(uploader_id) === auth.user.id ? r.uploaded_by : null,
    uploaded_at: new Date(r.uploaded_at).toISOString(),
    applied_at: r.applied_at ? new Date(r.applied_at).toISOString() : null,
  }));
}

/** The uploaded file itself, for who may work with the supplier's price lists. */
export async function uploadFile(db: Database, specs: Specs, auth: AuthenticatedUser, uploadId: number) {
  await loadUpload(db, specs, auth, uploadId);
  return selectFirst(
    db,
    select(columnsOf(F, 'id', 'original_name', 'mime', 'store', 'storage_path')),
    sql`FROM ${priceListUploads} ${PU} JOIN ${files} ${F} ON ${F.id} = ${PU.file_id} WHERE ${PU.id} = ${uploadId}`,
  );
}
