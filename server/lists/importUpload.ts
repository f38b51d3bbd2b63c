// The multipart upload of a spreadsheet (an import's, a supplier's price list's), registered in the plugin of the
// routes that take one: the file as the handler checks it (its name, its bytes, whether the size limit cut it), a
// declared size over the limit refused before a byte is read, and multipart's own refusals in Russian.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { IMPORT_LIMITS, IMPORT_MSG } from '../../domain/import';
import { badRequest } from '../errors';
import { isStorableText } from '../http/input';
import type { UploadedFile } from './import';

/** Multipart's own refusals (too many parts or files, a malformed form) in Russian. */
const MULTIPART_ERRORS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: IMPORT_MSG.size,
  FST_FILES_LIMIT: IMPORT_MSG.noFile,
  FST_PARTS_LIMIT: IMPORT_MSG.noFile,
  FST_FIELDS_LIMIT: IMPORT_MSG.noFile,
  FST_PROTO_VIOLATION: IMPORT_MSG.noFile,
  FST_INVALID_MULTIPART_CONTENT_TYPE: IMPORT_MSG.noFile,
};

/** `check` runs when a request arrives (the right to upload), before the upload is read. */
export async function spreadsheetUploads(
  app: FastifyInstance,
  options: { fields: number; check: (request: FastifyRequest) => void | Promise<void> },
) {
  // before the upload is read: the right, and a size the client declares over the limit (the form's own few
  // hundred bytes allowed); a size it does not declare is cut at the limit by the parser below
  app.addHook('onRequest', async (request: FastifyRequest) => {
    await options.check(request);
    const declared = Number(request.headers['content-length'] ?? 0);
    if (request.method === 'POST' && declared > IMPORT_LIMITS.maxBytes + 64 * 1024) throw badRequest(IMPORT_MSG.size);
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    throwFileSizeLimit: false,
    limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: options.fields, parts: options.fields + 1 },
    // the file as the handler checks it: its name, its bytes, and whether the limit cut it
    async onFile(part) {
      const content = await part.toBuffer();
      (part as unknown as { value: UploadedFile }).value = {
        filename: part.filename,
        content,
        truncated: part.file.truncated,
      };
    },
  });
  app.setErrorHandler((error: FastifyError) => {
    const message = error.code ? MULTIPART_ERRORS[error.code] : undefined;
    // busboy's own complaints about a broken form carry no code
    if (message || (!error.statusCode && /multipart|boundary|form/i.test(error.message)))
      throw badRequest(message ?? IMPORT_MSG.noFile);
    throw error;
  });
}

/** The form's file, checked: a file part with its bytes and a name that can be stored. */
export function uploadedFile(request: FastifyRequest): UploadedFile {
  if (!request.isMultipart()) throw badRequest(IMPORT_MSG.noFile);
  const body: unknown = request.body;
  const file = typeof body === 'object' && body !== null && 'file' in body ? body.file : undefined;
  if (!isUploaded(file)) throw badRequest(IMPORT_MSG.noFile);
  if (!isStorableText(file.filename ?? '')) throw badRequest(IMPORT_MSG.type);
  return file;
}

/** A part onFile made: its bytes read (anything else in the form's `file` is no file). */
const isUploaded = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && 'content' in value && Buffer.isBuffer(value.content);
