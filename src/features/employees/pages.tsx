import { sectionScreens } from '../../components/SectionScreens';

export const { ListScreen, CreateScreen, EditScreen } = sectionScreens({
  section: 'employees',
  createTitle: 'Новый сотрудник',
  recordTitle: 'Сотрудник',
  addLabel: 'Добавить сотрудника',
});
