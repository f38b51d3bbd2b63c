// GET /api/{section}/filter_config: the section's filters (domain/lists.ts) with options from the database
// and isForbidden where the caller may not filter by it (a field it reads is hidden, or the section it picks from
// is not readable). Options are what the caller may see: the reference lists under its scope of their section,
// and values taken from the section's own rows within its read scope.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { optionValue, type FilterConfig, type FilterOption, type OptionSource } from '../../domain/lists';
import { SECTION } from '../../domain/sections';
import { DOCUMENTS_STATE_OPTIONS } from '../../domain/offers/documents';
import { LOGISTICS_STATES } from '../../domain/offers/logistics';
import { RATE_POLICIES } from '../../domain/offers/purchase';
import { CURRENCIES } from '../../domain/currency';
import { PAYMENT_TERMS } from '../../domain/buyers/resource';
import { isFilterAllowed } from './engine';
import type { SectionSpec } from '../contract/section';
import { scopeOf } from '../../domain/permissions';
import { forbidden, HttpError } from '../errors';
import { alias } from 'drizzle-orm/pg-core';
import { rowsAs, select, type Selection } from '../db/rows';
import { offers, users } from '../db/schema';
import { recordColumnsOf } from '../contract/tables';
import type { AuthenticatedUser } from '../accounts/users';
import { scopeCondition } from '../records/access';
import { REFERENCES, referenceItems, type ReferenceName, type ScopeSpecs } from '../records/references';

/** Options taken from the section's own rows the caller may read: `rows` is the scope condition over its FROM. */
/** An option read from the rows: its value, and its title. */
type OptionRow = { value: string | number; title: string };

/** Options read from the rows the caller may read: their statement, and the selection it answers. */
const FROM_ROWS: Partial<
  Record<OptionSource, (spec: SectionSpec, rows: SQL) => { options: Selection<OptionRow>; statement: SQL }>
> = {
  // an offer's harvest years (the offers' filter)
  harvest_years: (spec, rows) => {
    const year = alias(offers, spec.alias).harvest_year;
    const options = select({ value: sql<string>`${year}`, title: sql<string>`${year}` });
    return {
      options,
      statement: sql`SELECT DISTINCT ${options} ${spec.from} WHERE ${year} IS NOT NULL AND ${rows} ORDER BY 1 DESC`,
    };
  },
  // the people who created the rows the caller may read, not every account
  users: (spec, rows) => {
    const cu = alias(users, 'cu');
    const options = select({ value: cu.id, title: sql<string>`coalesce(${cu.name}, ${cu.email})` });
    return {
      options,
      statement: sql`SELECT ${options} FROM ${users} ${cu}
        WHERE ${cu.id} IN (SELECT ${recordColumnsOf(spec).created_by} ${spec.from} WHERE ${rows}) ORDER BY 2`,
    };
  },
};

async function optionsOf(
  db: Database,
  spec: SectionSpec,
  specs: ScopeSpecs,
  auth: AuthenticatedUser,
  source: OptionSource,
): Promise<FilterOption[] | undefined> {
  if (source === 'statuses') return SECTION[spec.section].statuses.map(({ title, value }) => ({ title, value }));
  if (source === 'documents_states')
    return Object.entries(DOCUMENTS_STATE_OPTIONS).map(([value, title]) => ({ title, value }));
  if (source === 'logistics_states') return LOGISTICS_STATES.map(({ title, value }) => ({ title, value }));
  if (source === 'currencies') return CURRENCIES.map((code) => ({ title: code, value: code }));
  if (source === 'rate_policies') return RATE_POLICIES.map(({ title, value }) => ({ title, value }));
  if (source === 'payment_terms') return PAYMENT_TERMS.map(({ title, value }) => ({ title, value }));
  if (source in REFERENCES) {
    const items = await referenceItems(db, specs, auth, source as ReferenceName, false);
    return items.map((item) => ({ title: String(item.title ?? item.name), value: item.id }));
  }
  const fromRows = FROM_ROWS[source];
  if (!fromRows) return undefined;
  const { options, statement } = fromRows(spec, scopeCondition(spec, auth, 'read'));
  const rows = rowsAs(options, await db.execute(statement));
  return rows.map((r) => ({ title: String(r.title), value: r.value }));
}

export async function filterConfig(
  db: Database,
  spec: SectionSpec,
  auth: AuthenticatedUser,
  specs: ScopeSpecs,
): Promise<FilterConfig> {
  const perms = auth.permissions;
  if (scopeOf(perms, spec.section, 'read') === 'none') throw forbidden();
  const config: FilterConfig = {};
  const cache = new Map<OptionSource, FilterOption[] | undefined | null>();
  for (const def of spec.filterDefs) {
    let isForbidden = !isFilterAllowed(perms, spec, def);
    if (!isForbidden && def.options && !cache.has(def.options)) {
      // a list the caller may not read (its section's scope is none, or it names a hidden field) is no option
      cache.set(
        def.options,
        await optionsOf(db, spec, specs, auth, def.options).catch((e: unknown) => {
          if (e instanceof HttpError && e.statusCode === 403) return null;
          throw e;
        }),
      );
    }
    const options = isForbidden || !def.options ? undefined : cache.get(def.options);
    if (options === null) isForbidden = true;
    config[def.key] = {
      title: def.title,
      type: def.type,
      ...(def.placeholder ? { placeholder: [...def.placeholder] } : {}),
      ...(options && !isForbidden ? { options: options.map((o) => ({ ...o, value: optionValue(def, o.value) })) } : {}),
      ...(isForbidden ? { isForbidden: true } : {}),
    };
  }
  return config;
}
