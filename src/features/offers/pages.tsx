import { ListPage } from '../../components/List/ListPage';
import { useContext } from 'react';
import { cardScreens } from '../../components/SectionScreens';
import { columns } from '../../../domain/offers/resource';
import { filters } from '../../../domain/offers/resource';
import { can, isFieldVisible } from '../../../domain/permissions';
import { usePermissionsQuery } from '../../api/session';
import { SummaryTiles } from './SummaryTiles';
import { OfferCardScreen } from './OfferCard';
import { PLAIN_CELLS, RESERVING_CELLS } from './cells';
import { OffersSlotsContext } from './slots';

/** The offers list refetches every 5 seconds while the tab is in front (spec point 4). */
export const OFFERS_REFETCH_MS = 5000;

const DELETE_TEXTS = {
  confirm: 'Вы действительно хотите удалить выбранные предложения?',
  success: 'Предложения успешно удалены',
  noneDeleted: 'Нельзя удалять предложение с активными резервами',
};

export const { CreateScreen, EditScreen } = cardScreens(OfferCardScreen);

/** A supplier's own price list is loaded by whoever sees whose offers they are (a supplier's user: its
 * own), where they load and their prices. */
const supplierPriceLists = (perms: Parameters<typeof isFieldVisible>[0]) =>
  (perms?.user_type === 'supplier' || isFieldVisible(perms, 'offers', 'supplier')) &&
  isFieldVisible(perms, 'offers', 'city') &&
  isFieldVisible(perms, 'offers', 'unit_price');

export function ListScreen() {
  const { data: perms } = usePermissionsQuery();
  const { supplierPriceListButton: SupplierPriceListButton } = useContext(OffersSlotsContext);
  return (
    <ListPage
      section="offers"
      columns={columns}
      filters={filters}
      addLabel="Добавить предложение"
      pollingInterval={OFFERS_REFETCH_MS}
      summary={<SummaryTiles pollingInterval={OFFERS_REFETCH_MS} />}
      deleteTexts={DELETE_TEXTS}
      cells={can(perms, 'reserves', 'create') ? RESERVING_CELLS : PLAIN_CELLS}
      importTitle="Импорт предложений"
      importExtra={SupplierPriceListButton && supplierPriceLists(perms) ? <SupplierPriceListButton /> : undefined}
    />
  );
}
