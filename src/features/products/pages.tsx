import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/products/resource';
import { filters } from '../../../domain/products/resource';
import { ProductCardScreen } from './ProductCard';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'products',
  columns,
  filters,
  addLabel: 'Добавить товар',
  Card: ProductCardScreen,
});
