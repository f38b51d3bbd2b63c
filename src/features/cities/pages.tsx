import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/cities/columns';
import { filters } from '../../../domain/cities/filters';
import { CityCardScreen } from './CityCard';

export const { ListScreen } = sectionScreens({
  section: 'cities',
  columns,
  filters,
  createTitle: 'Новый город',
  recordTitle: 'Город',
  addLabel: 'Добавить город',
});

export const CreateScreen = () => <CityCardScreen mode="create" />;
export const EditScreen = () => <CityCardScreen mode="edit" />;
