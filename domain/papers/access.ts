// Who reads and makes papers (invoices, УПД): papers follow the reserves' read right, and a role that does not see a
// reserve's selling price and sums (role 8) reads none, as it would learn them from the paper; a supplier's user never.
import { can, isFieldVisible, scopeOf, type Permissions, type Scope } from '../permissions';

const PRICED = ['unit_selling_price', 'total_selling_sum'] as const;

export function canReadPapers(perms: Permissions | null | undefined): boolean {
  if (!perms || perms.user_type === 'supplier') return false;
  return can(perms, 'reserves', 'read') && PRICED.every((field) => isFieldVisible(perms, 'reserves', field));
}

/** 'all' or 'own' (the papers of the caller's reserves alone), as the reserves are read. */
export const papersScope = (perms: Permissions): Scope => scopeOf(perms, 'reserves', 'read');
