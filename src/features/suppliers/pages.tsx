import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/suppliers/columns';
import { SupplierCardScreen } from './SupplierCard';
import { filters } from '../../../domain/suppliers/filters';

export const { ListScreen } = sectionScreens({
  section: 'suppliers',
  columns,
  filters,
  createTitle: 'Новый поставщик',
  recordTitle: 'Поставщик',
  addLabel: 'Добавить поставщика',
});

export const CreateScreen = () => <SupplierCardScreen mode="create" />;
export const EditScreen = () => <SupplierCardScreen mode="edit" />;
