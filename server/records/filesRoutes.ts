// /api/files: upload (multipart), download and removal of an unattached upload.
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { Database } from '../db/client';
import type { Config } from '../config';
import { requireAuth } from '../http/auth';
import { badRequest, notFound } from '../errors';
import { FILE_RULES, fileProblem, type FileKind } from '../../domain/files';
import type { Section } from '../../domain/sections';
import type { SectionSpec } from '../spec/section';
import { openFile, removeUpload, storeUpload, visibleFile } from './files';
import { idParams, noQuery, responses, success } from '../http/schemas';

const uploaded = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, url: { type: 'string' }, name: { type: 'string' }, kind: { type: 'string' },
    size: { type: 'integer' }, mime: { type: 'string' },
  },
} as const;

export default async function filesRoutes(app: FastifyInstance, opts: { db: Database; config: Config; specs: Record<Section, SectionSpec> }) {
  const { db, config, specs } = opts;
  const dir = path.join(config.dataDir, 'files');
  const maxBytes = Math.max(...Object.values(FILE_RULES).map((r) => r.maxBytes));
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 4 } });
  const idOf = (params: unknown) => Number((params as { id: string }).id);

  app.post('/files', {
    schema: {
      tags: ['files'], summary: 'Upload a photo (kind=image) or a document (kind=document)',
      // the body is multipart/form-data (the file and a kind field), checked by the handler against domain/files.ts
      consumes: ['multipart/form-data'],
      querystring: { type: 'object', properties: { kind: { type: 'string', enum: ['image', 'document'] } } },
      response: responses({ 201: uploaded }),
    },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    const part = await request.file().catch(() => undefined);
    if (!part) throw badRequest('Выберите файл');
    const kindField = (part.fields.kind as { value?: string } | undefined)?.value ?? (request.query as { kind?: string }).kind;
    const kind: FileKind = kindField === 'document' ? 'document' : 'image';
    const buffer = await part.toBuffer().catch(() => null);
    if (!buffer || part.file.truncated) throw badRequest(fileProblem(kind, { name: part.filename, type: part.mimetype, size: maxBytes + 1 })!);
    const problem = fileProblem(kind, { name: part.filename, type: part.mimetype, size: buffer.length });
    if (problem) throw badRequest(problem);
    const row = await storeUpload(db, dir, auth, { kind, name: part.filename, mime: part.mimetype, content: buffer });
    reply.status(201);
    return { id: row.id, url: `/api/files/${row.id}`, name: row.original_name, kind, size: row.size, mime: row.mime };
  });

  app.get('/files/:id', {
    schema: { tags: ['files'], summary: 'Download a file the caller may see', params: idParams, querystring: noQuery, response: responses({}) },
  }, async (request, reply) => {
    const row = await visibleFile(db, specs, requireAuth(request), idOf(request.params));
    if (!row) throw notFound();
    reply.header('Content-Type', row.mime);
    reply.header('Cache-Control', 'private, max-age=3600');
    reply.header('Content-Disposition', `${row.kind === 'image' ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.original_name)}`);
    return reply.send(openFile(dir, row));
  });

  app.delete('/files/:id', {
    schema: { tags: ['files'], summary: 'Remove an unattached upload of the caller', params: idParams, querystring: noQuery, response: responses({ 200: success }) },
  }, async (request) => {
    if (!(await removeUpload(db, dir, requireAuth(request), idOf(request.params)))) throw notFound();
    return { status: 'success' };
  });
}
