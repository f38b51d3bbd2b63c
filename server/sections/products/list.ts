// The products list: the goods we trade, a named reference section.
import { columns } from '../../../domain/products/columns';
import { filters } from '../../../domain/products/filters';
import { namedSection } from '../../lists/named';

export const productsSpec = namedSection('products', { columnDefs: columns, filterDefs: filters }, 'p', { ids: 'products_ids', name: 'products' });

