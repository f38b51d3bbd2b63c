import { ListPage } from '../../components/List/ListPage';
import { cardScreens, GENERIC_DELETE_TEXTS } from '../../components/SectionScreens';
import { columns, filters } from '../../../domain/buyers/resource';
import { SECTION } from '../../../domain/sections';
import { hasFinance } from '../../../domain/permissions';
import { usePermissionsQuery } from '../../api/session';
import { BuyerCardScreen } from './BuyerCard';
import { OpeningBalancesButton } from './OpeningBalances';

/** The buyers' list: its import dialog offers the finance right 'Начальное сальдо'. */
export function ListScreen() {
  const { data: perms } = usePermissionsQuery();
  return (
    <ListPage
      section="buyers"
      columns={columns}
      filters={filters}
      title={SECTION.buyers.title}
      addLabel="Добавить покупателя"
      deleteTexts={GENERIC_DELETE_TEXTS}
      importTitle="Импорт покупателей"
      importExtra={hasFinance(perms) ? <OpeningBalancesButton /> : undefined}
    />
  );
}

export const { CreateScreen, EditScreen } = cardScreens(BuyerCardScreen);
