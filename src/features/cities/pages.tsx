import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/cities/columns';
import { filters } from '../../../domain/cities/filters';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'cities',
  columns,
  filters,
  createTitle: 'Новый город',
  recordTitle: 'Город',
  addLabel: 'Добавить город',
});
