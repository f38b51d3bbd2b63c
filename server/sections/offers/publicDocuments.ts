// A lot's documents marked 'Можно показывать покупателю' (issue 39), as a buyer's link serves them: a price list's
// (/api/public/price-list/{token}/documents/{docId}) and a quote's (/api/public/quotes/{token}/documents/{docId}).
// Only a shareable document of a lot the link shows today is found; any other file of any offer is not.
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import type { FileStores } from '../../db/fileStores';
import { notFound } from '../../errors';
import { firstRow } from '../../db/rows';
import { openFile, type FileRow } from '../../records/files';
import { DOCUMENT_MSG } from '../../../domain/offers/documents';

/** The file of document `docId` when it is shareable and of one of `offerIds`; 404 otherwise. */
export async function shareableFile(db: Database, offerIds: number[], docId: number): Promise<FileRow> {
  const file = firstRow<FileRow>(await db.execute(sql`SELECT f.* FROM offer_documents d JOIN files f ON f.id = d.file_id
    WHERE d.id = ${docId} AND d.shareable AND d.offer_id IN (${sql.join([0, ...offerIds].map((id) => sql`${id}`), sql`, `)})`));
  if (!file) throw notFound(DOCUMENT_MSG.notFound);
  return file;
}

/** Sends the file as a download nobody caches, indexes or sniffs into another type. */
export async function sendPublicDocument(reply: FastifyReply, stores: FileStores, row: FileRow) {
  const stored = await openFile(stores, row);
  if (!stored) throw notFound(DOCUMENT_MSG.notFound);
  reply.header('Content-Type', row.mime);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'no-store');
  reply.header('X-Robots-Tag', 'noindex');
  reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.original_name)}`);
  reply.header('Content-Length', stored.size);
  return reply.send(stored.body);
}
