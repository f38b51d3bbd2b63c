// What the offers list shows that another feature builds, filled in by the app (a feature imports no other).
import { createContext, type ComponentType } from 'react';

export interface OffersSlots {
  /** 'Загрузить прайс поставщика' beside the offers' import, with a choice of supplier. */
  supplierPriceListButton?: ComponentType;
}

export const OffersSlotsContext = createContext<OffersSlots>({});
