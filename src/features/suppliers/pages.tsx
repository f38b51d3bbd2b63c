import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/suppliers/columns';
import { filters } from '../../../domain/suppliers/filters';
import { SupplierCardScreen } from './SupplierCard';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({ section: 'suppliers', columns, filters, addLabel: 'Добавить поставщика', Card: SupplierCardScreen });
