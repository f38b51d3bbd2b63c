import { sectionScreens } from '../../components/SectionScreens';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'cities',
  createTitle: 'Новый город',
  recordTitle: 'Город',
  addLabel: 'Добавить город',
});
