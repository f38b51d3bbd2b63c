// Which signed-in screens a caller may open: the navigation and the route gates read the same rules
// (spec points 2 "Navigation" and 6).
import { hasSection, scopeOf, type Permissions } from '../../domain/permissions';
import { canOpenAnalytics } from '../../domain/analytics';
import type { Section } from '../../domain/sections';
import { canBuildPriceList } from '../../domain/priceList/access';
import { canQuote } from '../../domain/quotes/access';
import { canReadPapers } from '../../domain/papers/access';

export type Area = Section | 'profile' | 'settings' | 'priceList' | 'quote' | 'analytics' | 'invoices' | 'upd';

export function canOpen(perms: Permissions | null | undefined, area: Area): boolean {
  switch (area) {
    case 'suppliers':
      // the Поставщики link shows only when suppliers read is all
      return scopeOf(perms, 'suppliers', 'read') === 'all';
    case 'settings':
      return Boolean(perms?.is_admin);
    case 'profile':
      return Boolean(perms);
    case 'priceList':
      // for roles that create reserves and see the band and the delivery cost (domain/priceList/access.ts)
      return canBuildPriceList(perms);
    case 'quote':
      // 'Подбор': roles that read offers and see the band and the delivery cost (domain/quotes/access.ts)
      return canQuote(perms);
    case 'analytics':
      // every signed-in role that reads reserves or offers
      return canOpenAnalytics(perms);
    case 'invoices':
    case 'upd':
      // papers follow the reserves' read right, and need the selling prices seen (domain/papers/access.ts)
      return canReadPapers(perms);
    default:
      return hasSection(perms, area);
  }
}
