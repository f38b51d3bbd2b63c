import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/employees/resource';
import { filters } from '../../../domain/employees/resource';
import { EmployeeCardScreen } from './EmployeeCard';
import { GENERIC_DELETE_TEXTS } from '../../components/SectionScreens';

// an employee responsible for active reserves goes only with someone to take them over
const deleteTexts = {
  ...GENERIC_DELETE_TEXTS,
  handOver: { field: 'responsible_id', label: 'Передать активные резервы сотруднику' },
};

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'employees',
  columns,
  filters,
  addLabel: 'Добавить сотрудника',
  deleteTexts,
  Card: EmployeeCardScreen,
});
