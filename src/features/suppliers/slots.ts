// What the supplier card shows that another feature builds, filled in by the app (a feature imports no other).
import { createContext, type ComponentType } from 'react';

export interface SupplierCardSlots {
  /** The supplier's own price lists, under its latest offers. */
  priceLists?: ComponentType<{ supplierId: number }>;
}

export const SupplierCardSlotsContext = createContext<SupplierCardSlots>({});
