import { sectionScreens } from '../../components/SectionScreens';
import { SectionList } from '../../components/SectionList';
import { SummaryTiles } from './SummaryTiles';

/** The offers list refetches every 5 seconds while the tab is in front (spec point 4). */
export const OFFERS_REFETCH_MS = 5000;

const screens = sectionScreens({ section: 'offers', createTitle: 'Новое предложение', recordTitle: 'Предложение' });
export const { CreateScreen, EditScreen } = screens;

export function ListScreen() {
  return (
    <SectionList
      section="offers"
      title="Предложения"
      addLabel="Добавить предложение"
      pollingInterval={OFFERS_REFETCH_MS}
      summary={<SummaryTiles pollingInterval={OFFERS_REFETCH_MS} />}
      deleteTexts={{
        confirm: 'Вы действительно хотите удалить выбранные предложения?',
        success: 'Предложения успешно удалены',
        noneDeleted: 'Нельзя удалять предложение с активными резервами',
      }}
    />
  );
}
