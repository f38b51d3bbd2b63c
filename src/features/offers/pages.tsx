import { SectionList } from '../../components/SectionList';
import { columns } from '../../../domain/offers/columns';
import { filters } from '../../../domain/offers/filters';
import { SummaryTiles } from './SummaryTiles';
import { OfferCardScreen } from './OfferCard';

/** The offers list refetches every 5 seconds while the tab is in front (spec point 4). */
export const OFFERS_REFETCH_MS = 5000;

export function CreateScreen() {
  return <OfferCardScreen mode="create" />;
}

export function EditScreen() {
  return <OfferCardScreen mode="edit" />;
}

export function ListScreen() {
  return (
    <SectionList
      section="offers"
      columns={columns}
      filters={filters}
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
