// The lists a lot is asked for by (the price list's filters, ; the quote's request): cities,
// products, varieties, packing, and the harvest years the offers hold, as the offers' filter offers them.
import { useReferenceListQuery } from './references';
import { useFilterConfigQuery } from './lists';

export function useLotChoices() {
  const cities = useReferenceListQuery('cities');
  const products = useReferenceListQuery('products');
  const varieties = useReferenceListQuery('varieties');
  const packing = useReferenceListQuery('packing');
  const config = useFilterConfigQuery('offers');
  const years = (config.data?.harvest_years?.options ?? []).map((o) => String(o.value));
  return { cities, products, varieties, packing, years };
}
