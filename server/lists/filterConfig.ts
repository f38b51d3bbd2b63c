// GET /api/{section}/filter_config: the section's filters (domain/lists.ts) with options from the database
// and isForbidden where the caller's role may not see the field or read the referenced section.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { FilterConfig, FilterOption, OptionSource } from '../../domain/lists';
import { SECTION } from '../../domain/sections';
import type { SectionSpec } from './engine';
import { isFieldVisible, scopeOf } from '../../domain/permissions';
import { forbidden } from '../errors';
import type { AuthenticatedUser } from '../accounts/users';

const NAMED: Partial<Record<OptionSource, string>> = {
  products: `SELECT id AS value, name AS title FROM products WHERE status <> 'deleted' ORDER BY name`,
  suppliers: `SELECT id AS value, name AS title FROM suppliers WHERE status <> 'deleted' ORDER BY name`,
  cities: `SELECT id AS value, name AS title FROM cities WHERE status <> 'deleted' ORDER BY name`,
  employees: `SELECT id AS value, full_name AS title FROM employees WHERE status <> 'deleted' ORDER BY full_name`,
  positions: `SELECT id AS value, name AS title FROM positions ORDER BY name`,
  varieties: `SELECT v.id AS value, v.name || coalesce(' (' || p.name || ')', '') AS title FROM varieties v LEFT JOIN products p ON p.id = v.product_id ORDER BY p.name, v.name`,
  packing: `SELECT id AS value, name AS title FROM packing ORDER BY name`,
  users: `SELECT id AS value, coalesce(name, email) AS title FROM users WHERE status = 'active' ORDER BY 2`,
  harvest_years: `SELECT DISTINCT harvest_year AS value, harvest_year AS title FROM offers WHERE harvest_year IS NOT NULL ORDER BY 1 DESC`,
};

export async function filterConfig(db: Database, spec: SectionSpec, auth: AuthenticatedUser): Promise<FilterConfig> {
  const { section } = spec;
  const perms = auth.permissions;
  if (scopeOf(perms, section, 'read') === 'none') throw forbidden();
  const config: FilterConfig = {};
  const cache = new Map<OptionSource, FilterOption[]>();
  for (const def of spec.filterDefs) {
    const isForbidden =
      !isFieldVisible(perms, section, def.field ?? def.key) || (def.needs !== undefined && scopeOf(perms, def.needs, 'read') === 'none');
    let options: FilterOption[] | undefined;
    if (!isForbidden && def.options === 'statuses') options = SECTION[section].statuses.map(({ title, value }) => ({ title, value }));
    else if (!isForbidden && def.options && NAMED[def.options]) {
      if (!cache.has(def.options)) {
        const result = await db.execute(sql.raw(NAMED[def.options]!));
        cache.set(def.options, (result as unknown as { rows: FilterOption[] }).rows.map((r) => ({ title: String(r.title), value: r.value })));
      }
      options = cache.get(def.options);
    }
    config[def.key] = {
      title: def.title,
      type: def.type,
      ...(def.placeholder ? { placeholder: [...def.placeholder] } : {}),
      ...(options ? { options } : {}),
      ...(isForbidden ? { isForbidden: true } : {}),
    };
  }
  return config;
}
