import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/suppliers/resource';
import { filters } from '../../../domain/suppliers/resource';
import { SupplierCardScreen } from './SupplierCard';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'suppliers',
  columns,
  filters,
  addLabel: 'Добавить поставщика',
  Card: SupplierCardScreen,
});
