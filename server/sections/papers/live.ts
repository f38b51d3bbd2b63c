// Who reads a paper, as a condition over the paper: the papers' rule (domain/papers/access.ts) over the reserves it is
// made of. The routes read through it and the live streams tell of a paper (its id, version and kind, never a field)
// to the same users: a role that does not see selling sums (role 8) and a supplier's user hear of none.
import { sql, type SQL } from 'drizzle-orm';
import type { AuthenticatedUser } from '../../accounts/users';
import type { SectionSpec } from '../../contract/section';
import type { WingAudience } from '../../events/audience';
import { mayColumn } from '../../records/access';
import { canReadPapers, papersScope } from '../../../domain/papers/access';
import type { PaperSection } from './history';

export type ReservesSpec = Pick<SectionSpec, 'section' | 'alias' | 'from' | 'own'>;

/** Over `r`: a reserve the caller reads (every one, or its own). */
export function reserveScope(reserves: ReservesSpec, auth: AuthenticatedUser): SQL {
  if (papersScope(auth.permissions) === 'all') return sql`true`;
  return sql`r.id IN (SELECT ${sql.raw(reserves.alias)}.id ${reserves.from} WHERE ${mayColumn(reserves, auth, 'read')})`;
}

const PAPERS: Record<PaperSection, { alias: string; table: string; lines: string; key: string }> = {
  invoices: { alias: 'i', table: 'invoices', lines: 'invoice_lines', key: 'invoice_id' },
  upd: { alias: 'd', table: 'upd_documents', lines: 'upd_lines', key: 'upd_id' },
};

/** Over the paper's alias: none of its lines is of a reserve out of `scope`. */
export function paperReadable(section: PaperSection, scope: SQL): SQL {
  const p = PAPERS[section];
  return sql`NOT EXISTS (SELECT 1 FROM ${sql.raw(p.lines)} sl JOIN reserves r ON r.id = sl.reserve_id
    WHERE sl.${sql.raw(p.key)} = ${sql.raw(p.alias)}.id AND NOT (${scope}))`;
}

/** Who hears of a kind of paper on the live streams. */
export function paperAudience(section: PaperSection, reserves: ReservesSpec): WingAudience {
  const p = PAPERS[section];
  return {
    section,
    alias: p.alias,
    from: sql.raw(`FROM ${p.table} ${p.alias}`),
    scope: (auth) => {
      if (!canReadPapers(auth.permissions)) return 'none';
      if (papersScope(auth.permissions) === 'all') return 'all';
      return paperReadable(section, reserveScope(reserves, auth));
    },
  };
}
