import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/employees/columns';
import { filters } from '../../../domain/employees/filters';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'employees',
  columns,
  filters,
  createTitle: 'Новый сотрудник',
  recordTitle: 'Сотрудник',
  addLabel: 'Добавить сотрудника',
});
