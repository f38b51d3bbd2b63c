// The app composes what one feature shows inside another's page: the supplier price-list upload
// (features/priceListUploads) on the supplier card and beside the offers' import. It loads in a chunk of its own
// when a page shows it.
import { lazy, Suspense, type ReactNode } from 'react';
import { OffersSlotsContext, type OffersSlots } from '../features/offers/slots';
import { SupplierCardSlotsContext, type SupplierCardSlots } from '../features/suppliers/slots';

const uploads = () =>
  import(/* webpackChunkName: "price-list-uploads" */ '../features/priceListUploads/SupplierPriceLists');
const SupplierPriceLists = lazy(() => uploads().then((m) => ({ default: m.SupplierPriceLists })));
const SupplierPriceListButton = lazy(() => uploads().then((m) => ({ default: m.SupplierPriceListButton })));

const supplierCard: SupplierCardSlots = {
  priceLists: ({ supplierId }) => (
    <Suspense fallback={null}>
      <SupplierPriceLists supplierId={supplierId} />
    </Suspense>
  ),
};
const offers: OffersSlots = {
  supplierPriceListButton: () => (
    <Suspense fallback={null}>
      <SupplierPriceListButton />
    </Suspense>
  ),
};

export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <SupplierCardSlotsContext.Provider value={supplierCard}>
      <OffersSlotsContext.Provider value={offers}>{children}</OffersSlotsContext.Provider>
    </SupplierCardSlotsContext.Provider>
  );
}
