import { sectionScreens } from '../../components/SectionScreens';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'products',
  createTitle: 'Новый товар',
  recordTitle: 'Товар',
  addLabel: 'Добавить товар',
});
