import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/employees/columns';
import { filters } from '../../../domain/employees/filters';
import { EmployeeCardScreen } from './EmployeeCard';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({ section: 'employees', columns, filters, addLabel: 'Добавить сотрудника', Card: EmployeeCardScreen });
