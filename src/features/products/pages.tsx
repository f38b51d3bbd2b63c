import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/products/columns';
import { filters } from '../../../domain/products/filters';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'products',
  columns,
  filters,
  createTitle: 'Новый товар',
  recordTitle: 'Товар',
  addLabel: 'Добавить товар',
});
