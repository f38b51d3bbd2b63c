// /api/files: upload (multipart), download and removal of an unattached upload.
import { Type } from '@sinclair/typebox';
import type { App } from '../http/typed';
import multipart from '@fastify/multipart';
import type { Database } from '../db/client';
import type { FileStores } from '../db/fileStores';
import { requireAuth } from '../accounts/auth';
import { badRequest, notFound } from '../errors';
import { FILE_RULES, type FileKind } from '../../domain/files';
import type { Section } from '../../domain/sections';
import type { SectionSpec } from '../contract/section';
import { openFile, removeUpload, streamUpload, visibleFile } from './files';
import { enumOf, idParams, noQuery, responses, success } from '../http/schemas';
import { validatorCompiler } from '../http/ajv';

const uploaded = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    url: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string' },
    size: { type: 'integer' },
    mime: { type: 'string' },
  },
} as const;

export default async function filesRoutes(
  app: App,
  opts: { db: Database; stores: FileStores; specs: Record<Section, SectionSpec> },
) {
  const { db, stores, specs } = opts;
  const maxBytes = Math.max(...Object.values(FILE_RULES).map((r) => r.maxBytes));
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 4 } });

  const compile = validatorCompiler();
  app.post(
    '/files',
    {
      // the multipart body is read and checked by the handler (domain/files.ts); its schema is what /api/docs shows
      validatorCompiler: (route) => (route.httpPart === 'body' ? () => true : compile(route)),
      schema: {
        tags: ['files'],
        summary: 'Upload a photo (kind=image) or a document (kind=document)',
        // the body is multipart/form-data (the file and a kind field), checked by the handler against domain/files.ts
        consumes: ['multipart/form-data'],
        body: {
          type: 'object',
          description: 'multipart/form-data: the file and its kind (image or document)',
          required: ['file'],
          properties: {
            file: { type: 'string', format: 'binary' },
            kind: { type: 'string', enum: ['image', 'document'] },
          },
        },
        querystring: Type.Object({ kind: Type.Optional(enumOf('string', ['image', 'document'])) }),
        response: responses({ 201: uploaded }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const part = await request.file().catch(() => undefined);
      if (!part) throw badRequest('Выберите файл');
      const kindField = (part.fields.kind as { value?: string } | undefined)?.value ?? request.query.kind;
      const kind: FileKind = kindField === 'document' ? 'document' : 'image';
      const row = await streamUpload(db, stores, auth, kind, part, Number(request.headers['content-length']));
      reply.status(201);
      return { id: row.id, url: `/api/files/${row.id}`, name: row.original_name, kind, size: row.size, mime: row.mime };
    },
  );

  app.get(
    '/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Download a file the caller may see',
        params: idParams,
        querystring: noQuery,
        response: responses({}),
      },
    },
    async (request, reply) => {
      const row = await visibleFile(db, specs, requireAuth(request), request.params.id);
      const stored = row && (await openFile(stores, row));
      if (!stored) throw notFound();
      // only a photo shows in the page; anything else downloads, is never sniffed into another type, and a document
      // (a contract, a price list) is not kept in a shared cache or the browser's
      const photo = row.kind === 'image' && row.mime.startsWith('image/');
      reply.header('Content-Type', row.mime);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', photo ? 'private, max-age=3600' : 'no-store');
      reply.header(
        'Content-Disposition',
        `${photo ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.original_name)}`,
      );
      reply.header('Content-Length', stored.size);
      return reply.send(stored.body);
    },
  );

  app.delete(
    '/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Remove an unattached upload of the caller',
        params: idParams,
        querystring: noQuery,
        response: responses({ 200: success }),
      },
    },
    async (request) => {
      if (!(await removeUpload(db, stores, requireAuth(request), request.params.id))) throw notFound();
      return { status: 'success' };
    },
  );
}
