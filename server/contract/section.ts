// The section descriptor: what a section tells the generic layers about itself (its SQL, columns, filters, what
// "own" means, its delete hooks). It sits below lists/ and records/, which both read it, and above db/ and
// domain/ alone, so neither generic layer has to import the other for a type.
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import type { ColumnDef, FilterDef } from '../../domain/lists';
import type { RefusedRow } from '../../domain/bulk';
import type { Section } from '../../domain/sections';

import type { ParsedFilter } from '../../domain/listQuery';

/** One filter of a list request as the list query codec reads it (domain/listQuery.ts), ready to become a condition. */
export type { ParsedFilter };

export type FilterCompiler = (filter: ParsedFilter) => SQL;

/** `S` names the section (`SectionSpec<'offers'>`), for the record pipeline to type the section's stored record
 * by its table (server/contract/tables.ts); a spec passed about by any section is the default, `SectionSpec`. */
export interface SectionSpec<S extends Section = Section> {
  section: S;
  /** The section's column and filter definitions (domain/<section>/). */
  columnDefs: ColumnDef[];
  filterDefs: FilterDef[];
  /** Alias of the section's own table in `from`, e.g. `o`. */
  alias: string;
  /** FROM clause with the joins the columns and filters need. */
  from: SQL;
  /** The FROM of the list's count when none of the section's filters or its "own" reads a joined table: the own
   * table alone, so PostgreSQL counts off an index (an index-only scan) instead of visiting each row. */
  countFrom?: SQL;
  /** Output columns: key → expression. The row's JSON keys are these keys. */
  columns: Record<string, SQL>;
  /** The export's reading of a column where it differs from the page's: a reference's name alone (a spreadsheet
   * cell shows the name; no {id, name} object to build and parse 100 000 times). The comments cell is the export
   * engine's own (lists/export.ts). */
  exportColumns?: Record<string, SQL>;
  /** Sort keys → expressions (column keys plus any extra). */
  sortable: Record<string, SQL>;
  filters: Record<string, FilterCompiler>;
  /** What "own" means for the section, over its own table's alias: the one place this rule is written. */
  own: (auth: AuthenticatedUser) => SQL;
  /** Bulk delete: a condition on the locked row that must hold for it to be deleted (the rest count in
   * notDeleted), e.g. an offer with active reserves stays. */
  deletable?: SQL;
  /** Bulk delete: how many active records of other sections use a record (over the section's own table under its
   * alias: a supplier's active offers), and the refusal naming the count; a record in use stays. */
  inUse?: {
    count: SQL;
    refusal: (count: number) => string;
    /** Instead of the refusal, a delete may hand what uses the records to another record named by the body's
     * `field` (an employee's active reserves to a new responsible), in its transaction before the count. */
    handOver?: {
      field: string;
      run: (tx: Database, auth: AuthenticatedUser, ids: number[], to: number) => Promise<void>;
    };
  };
  /** Bulk delete: the section's rule on which of the chosen (locked) records the caller may delete, each refused one
   * with its reason (a completed sale only with the finance right), and what it tells of the others. */
  refuseDelete?: (tx: Database, auth: AuthenticatedUser, ids: number[]) => Promise<RefusedRow[]>;
  /** Bulk delete: runs in the delete's transaction with the chosen rows locked, before they are marked deleted;
   * `by` is the user deleting (what the section's own history records of it name). */
  onDelete?: (tx: Database, ids: number[], by: number) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every section's list spec, decorated once on /api by app.ts: for what follows another section's read scope
     * (filter options, reference lists, the offers summary's reserve figures) without importing that section. */
    sectionSpecs: Record<Section, SectionSpec>;
  }
}
