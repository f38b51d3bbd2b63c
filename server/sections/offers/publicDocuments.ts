// A lot's documents marked 'Можно показывать покупателю' (issue 39), as a buyer's link serves them: a price list's
// (/api/public/price-list/{token}/documents/{docId}) and a quote's (/api/public/quotes/{token}/documents/{docId}).
// Only a shareable document of a lot the link shows today is found; any other file of any offer is not.
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import type { FileStores } from '../../db/fileStores';
import { notFound } from '../../errors';
import { files, offerDocuments } from '../../db/schema';
import { openFile, type FileRow } from '../../records/files';
import { DOCUMENT_MSG } from '../../../domain/offers/documents';

/** The file of document `docId` when it is shareable and of one of `offerIds`; 404 otherwise. */
export async function shareableFile(db: Database, offerIds: number[], docId: number): Promise<FileRow> {
  const d = offerDocuments;
  const [file] = await db.select(getTableColumns(files)).from(d).innerJoin(files, eq(files.id, d.file_id))
    .where(and(eq(d.id, docId), eq(d.shareable, true), inArray(d.offer_id, [0, ...offerIds])));
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
