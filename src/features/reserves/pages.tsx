import { sectionScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/reserves/columns';
import { filters } from '../../../domain/reserves/filters';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'reserves',
  columns,
  filters,
  createTitle: 'Новый резерв',
  recordTitle: 'Резерв',
});
