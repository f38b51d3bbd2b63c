import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/employees/resource';
import { filters } from '../../../domain/employees/resource';
import { EmployeeCardScreen } from './EmployeeCard';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({ section: 'employees', columns, filters, addLabel: 'Добавить сотрудника', Card: EmployeeCardScreen });
