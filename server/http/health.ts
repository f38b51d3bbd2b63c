// GET /api/health, for the proxy and the orchestrator: no sign-in, no body to parse. 200 when the database answers
// and carries every migration this build ships; 503 with the reason otherwise (an instance started on a database
// another build migrated further, or not yet migrated, is taken out of the rotation). Probes come every few seconds
// from every balancer: they are logged only when they fail.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { MIGRATIONS_DIR } from '../db/client';
import { select, selectFirst } from '../db/rows';
import { noQuery } from './schemas';

/** How long the database may take to answer a probe before the instance counts as unhealthy. */
const PROBE_TIMEOUT_MS = 3000;

interface JournalEntry {
  tag: string;
  when: number;
}

/** The newest migration this build ships (drizzle's journal: its `when` is what the migrator records). */
export function latestMigration(dir = MIGRATIONS_DIR): JournalEntry {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.reduce((a, b) => (b.when > a.when ? b : a));
}

const healthBody = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['ok', 'error'] },
    database: { type: 'string', enum: ['ok', 'unreachable'] },
    migration: { type: 'string', description: 'the newest migration this build ships' },
    migrationsCurrent: { type: 'boolean' },
    reason: { type: 'string' },
  },
} as const;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function healthRoute(app: FastifyInstance, db: Database): void {
  const latest = latestMigration();
  app.get(
    '/api/health',
    {
      // a healthy probe is not worth a log line; warnings and errors (a failing database) still are
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Is this instance ready to serve: database reachable, migrations current (no sign-in)',
        security: [],
        querystring: noQuery,
        response: { 200: healthBody, 503: healthBody },
      },
    },
    async (request, reply) => {
      let applied: number | null;
      try {
        const probe = async () => {
          // drizzle's own table of applied migrations, not in the app's schema
          const table = await selectFirst(
            db,
            select({ t: sql<string | null>`to_regclass('drizzle.__drizzle_migrations')::text` }),
          );
          if (!table?.t) return null;
          const row = await selectFirst(
            db,
            select({ applied: sql<string | null>`max(created_at)::text` }),
            sql`FROM drizzle.__drizzle_migrations`,
          );
          return row?.applied ? Number(row.applied) : null;
        };
        applied = await withTimeout(probe(), PROBE_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: error }, 'health: the database does not answer');
        return reply
          .status(503)
          .send({ status: 'error', database: 'unreachable', migration: latest.tag, reason: 'База данных недоступна' });
      }
      const current = applied !== null && applied >= latest.when;
      if (!current) {
        request.log.warn(
          `health: migrations behind this build (last applied ${applied ?? 'none'}, ${latest.tag} is ${latest.when})`,
        );
        return reply.status(503).send({
          status: 'error',
          database: 'ok',
          migration: latest.tag,
          migrationsCurrent: false,
          reason: `Миграции не применены: нужна ${latest.tag}`,
        });
      }
      return { status: 'ok', database: 'ok', migration: latest.tag, migrationsCurrent: true };
    },
  );
}
