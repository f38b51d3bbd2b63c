import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/products/columns';
import { filters } from '../../../domain/products/filters';
import { ProductCardScreen } from './ProductCard';

export const { ListScreen } = sectionScreens({
  section: 'products',
  columns,
  filters,
  createTitle: 'Новый товар',
  recordTitle: 'Товар',
  addLabel: 'Добавить товар',
});

export const CreateScreen = () => <ProductCardScreen mode="create" />;
export const EditScreen = () => <ProductCardScreen mode="edit" />;
