import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/cities/resource';
import { filters } from '../../../domain/cities/resource';
import { CityCardScreen } from './CityCard';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'cities',
  columns,
  filters,
  addLabel: 'Добавить город',
  Card: CityCardScreen,
});
