// The products list: the goods we trade, a named reference section.
import { productsResource } from '../../../domain/products/resource';
import { namedSection } from '../../lists/named';

export const productsSpec = namedSection(productsResource, 'p');
