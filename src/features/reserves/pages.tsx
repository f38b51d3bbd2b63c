import { sectionScreens } from '../../components/SectionScreens';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'reserves',
  createTitle: 'Новый резерв',
  recordTitle: 'Резерв',
});
