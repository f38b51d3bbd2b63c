import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/employees/columns';
import { EmployeeCardScreen } from './EmployeeCard';
import { filters } from '../../../domain/employees/filters';

export const { ListScreen } = sectionScreens({
  section: 'employees',
  columns,
  filters,
  createTitle: 'Новый сотрудник',
  recordTitle: 'Сотрудник',
  addLabel: 'Добавить сотрудника',
});

export const CreateScreen = () => <EmployeeCardScreen mode="create" />;
export const EditScreen = () => <EmployeeCardScreen mode="edit" />;
