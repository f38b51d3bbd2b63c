// A lot's documents marked 'Можно показывать покупателю', as a buyer's link serves them: a price list's
// (/api/public/price-list/{token}/documents/{docId}) and a quote's (/api/public/quotes/{token}/documents/{docId}).
// Only a shareable document of a lot the link shows today is found; any other file of any offer is not.
import { and, eq, getTableColumns, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import type { FileStores } from '../../db/fileStores';
import { notFound } from '../../errors';
import { documentTypes, files, offerDocuments } from '../../db/schema';
import { openFile, type FileRow } from '../../records/files';
import { DOCUMENT_MSG, buyerDocumentFileName } from '../../../domain/offers/documents';
import { lotTitle, type LotText } from '../../../domain/offers/lot';

/** A shared document's file and the neutral name a buyer downloads it under (never the uploaded name). */
export interface PublicDocumentFile {
  file: FileRow;
  name: string;
}

/** The file of document `docId` when it is shareable and of one of the page's lots (by offer); 404 otherwise. */
export async function shareableFile(
  db: Database,
  lots: ReadonlyMap<number, LotText>,
  docId: number,
): Promise<PublicDocumentFile> {
  const d = offerDocuments;
  const [found] = await db
    .select({ file: getTableColumns(files), offer_id: d.offer_id, type: documentTypes.name, number: d.number })
    .from(d)
    .innerJoin(files, eq(files.id, d.file_id))
    .innerJoin(documentTypes, eq(documentTypes.id, d.type_id))
    // marked for buyers and confirmed by staff
    .where(
      and(
        eq(d.id, docId),
        eq(d.shareable, true),
        isNotNull(d.share_confirmed_at),
        inArray(d.offer_id, [0, ...lots.keys()]),
      ),
    );
  if (!found) throw notFound(DOCUMENT_MSG.notFound);
  return {
    file: found.file,
    name: buyerDocumentFileName(found, lotTitle(lots.get(found.offer_id)!), found.file.original_name),
  };
}

/** Sends the file as a download nobody caches, indexes or sniffs into another type. */
export async function sendPublicDocument(
  reply: FastifyReply,
  stores: FileStores,
  { file: row, name }: PublicDocumentFile,
) {
  const stored = await openFile(stores, row);
  if (!stored) throw notFound(DOCUMENT_MSG.notFound);
  reply.header('Content-Type', row.mime);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'no-store');
  reply.header('X-Robots-Tag', 'noindex');
  reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  reply.header('Content-Length', stored.size);
  return reply.send(stored.body);
}
