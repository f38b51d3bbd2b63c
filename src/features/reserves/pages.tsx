import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/reserves/resource';
import { filters } from '../../../domain/reserves/resource';
import { ReserveCardScreen } from './ReserveCard';
import { ReservesSelectionPapers } from './ReservePapers';

// Reserves start from an offer ('Зарезервировать'), so the list has no create link of its own.
export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'reserves',
  columns,
  filters,
  Card: ReserveCardScreen,
  selectionActions: ReservesSelectionPapers,
});
