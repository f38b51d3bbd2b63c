// The products list: the goods we trade, a named reference section.
import { productsResource } from '../../../domain/products/resource';
import { namedSection } from '../../lists/named';
import { usedByActiveOffers } from '../../lists/inUse';
import type { SectionSpec } from '../../contract/section';

// a product of active offers stays
export const productsSpec: SectionSpec<'products'> = {
  ...namedSection(productsResource, 'p'),
  inUse: usedByActiveOffers('products', 'p'),
};
