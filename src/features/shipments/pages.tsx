import { sectionScreens } from '../../components/SectionScreens';
import { columns, filters } from '../../../domain/shipments/resource';
import { ShipmentCardScreen } from './ShipmentCard';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'shipments',
  columns,
  filters,
  addLabel: 'Добавить поставку',
  Card: ShipmentCardScreen,
});
