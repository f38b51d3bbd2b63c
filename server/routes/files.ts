// Photos and documents: uploaded first (POST /api/files, multipart), attached to a record when it is saved,
// stored under DATA_DIR/files, and served only to users who may read that record.
import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import multipart from '@fastify/multipart';
import type { Database } from '../db/client';
import type { Config } from '../config';
import { files } from '../db/schema';
import { requireAuth } from '../http/auth';
import type { AuthenticatedUser } from '../accounts/users';
import { badRequest, notFound } from '../errors';
import { FILE_RULES, fileProblem, type FileKind } from '../../domain/files';
import { SECTIONS, type Section } from '../../domain/sections';
import { recordVisible } from './comments';

/** Attaches the caller's unattached uploads to a record. */
export async function attachFiles(db: Database, auth: AuthenticatedUser, section: Section, entityId: number, ids: number[]) {
  if (!ids.length) return;
  await db
    .update(files)
    .set({ entity_type: section, entity_id: entityId })
    .where(and(inArray(files.id, ids), eq(files.created_by, auth.user.id), isNull(files.entity_id)));
}

export default async function filesRoutes(app: FastifyInstance, opts: { db: Database; config: Config }) {
  const { db, config } = opts;
  const dir = path.join(config.dataDir, 'files');
  const maxBytes = Math.max(...Object.values(FILE_RULES).map((r) => r.maxBytes));
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 4 } });

  app.post('/files', { schema: { tags: ['files'], summary: 'Upload a photo (kind=image) or a document (kind=document)' } }, async (request, reply) => {
    const auth = requireAuth(request);
    const part = await request.file().catch(() => undefined);
    if (!part) throw badRequest('Выберите файл');
    const kindField = (part.fields.kind as { value?: string } | undefined)?.value ?? (request.query as { kind?: string }).kind;
    const kind: FileKind = kindField === 'document' ? 'document' : 'image';
    const buffer = await part.toBuffer().catch(() => null);
    if (!buffer || part.file.truncated) throw badRequest(fileProblem(kind, { name: part.filename, type: part.mimetype, size: maxBytes + 1 })!);
    const problem = fileProblem(kind, { name: part.filename, type: part.mimetype, size: buffer.length });
    if (problem) throw badRequest(problem);
    await mkdir(dir, { recursive: true });
    const storage = randomBytes(16).toString('hex');
    await writeFile(path.join(dir, storage), buffer);
    const [row] = await db
      .insert(files)
      .values({ kind, original_name: part.filename, mime: part.mimetype, size: buffer.length, storage_path: storage, created_by: auth.user.id })
      .returning();
    reply.status(201);
    return { id: row.id, url: `/api/files/${row.id}`, name: row.original_name, kind, size: row.size, mime: row.mime };
  });

  app.get('/files/:id', { schema: { tags: ['files'], summary: 'Download a file the caller may see' } }, async (request, reply) => {
    const auth = requireAuth(request);
    const id = Number((request.params as { id: string }).id);
    if (!Number.isInteger(id)) throw notFound();
    const [row] = await db.select().from(files).where(eq(files.id, id));
    if (!row) throw notFound();
    const visible = row.entity_id === null
      ? row.created_by === auth.user.id
      : (SECTIONS as readonly string[]).includes(row.entity_type ?? '') && (await recordVisible(db, auth, row.entity_type as Section, row.entity_id));
    if (!visible) throw notFound();
    reply.header('Content-Type', row.mime);
    reply.header('Cache-Control', 'private, max-age=3600');
    reply.header('Content-Disposition', `${row.kind === 'image' ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.original_name)}`);
    return reply.send(createReadStream(path.join(dir, row.storage_path)));
  });

  app.delete('/files/:id', { schema: { tags: ['files'], summary: 'Remove an unattached upload of the caller' } }, async (request) => {
    const auth = requireAuth(request);
    const id = Number((request.params as { id: string }).id);
    const [row] = await db.select().from(files).where(and(eq(files.id, id), eq(files.created_by, auth.user.id), isNull(files.entity_id)));
    if (!row) throw notFound();
    await db.delete(files).where(eq(files.id, id));
    await unlink(path.join(dir, row.storage_path)).catch(() => undefined);
    return { status: 'success' };
  });
}
