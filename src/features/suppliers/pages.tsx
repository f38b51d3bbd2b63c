import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/suppliers/columns';
import { filters } from '../../../domain/suppliers/filters';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'suppliers',
  columns,
  filters,
  createTitle: 'Новый поставщик',
  recordTitle: 'Поставщик',
  addLabel: 'Добавить поставщика',
});
