import { sectionScreens } from '../../components/SectionScreens';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'suppliers',
  createTitle: 'Новый поставщик',
  recordTitle: 'Поставщик',
  addLabel: 'Добавить поставщика',
});
