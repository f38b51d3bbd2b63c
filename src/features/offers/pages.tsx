import { sectionScreens } from '../../components/SectionScreens';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'offers',
  createTitle: 'Новое предложение',
  recordTitle: 'Предложение',
});
