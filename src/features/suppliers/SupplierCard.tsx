// The supplier card (spec point 2 "Create supplier", point 5 "Supplier form"): the name in the header,
// 'Данные поставщика' (e-mail, phone with the +7 mask, contact, INN, city, location), and on a saved supplier
// its figures and latest offers. Fields the caller's role does not see (role 1: all but the name) are not on
// the card.
import { useContext } from 'react';
import { supplierSchema } from '../../../domain/suppliers/schema';
import { SUPPLIER_FIELDS, columns, suppliersResource } from '../../../domain/suppliers/resource';
import { can, isFieldVisible } from '../../../domain/permissions';
import { formatMoney, formatNumber } from '../../../domain/format';
import { usePermissionsQuery } from '../../api/session';
import { columnFigures, LatestListed, type LatestRecord } from '../../components/Card/Figures';
import {
  RecordCard,
  recordCardScreen,
  resourceCard,
  type CardContext,
  type RecordCardScreenProps,
} from '../../components/Card/RecordCard';
import { ResourceFields } from '../../components/Card/ResourceFields';
import { dataTab } from '../../components/Card/dataTab';
import { SupplierCardSlotsContext } from './slots';

export const SUPPLIER_TEXTS = {
  placeholder: 'Введите название поставщика',
  created: 'Поставщик добавлен',
  deleted: 'Поставщик удален: его можно только просматривать',
  title: 'Поставщик',
  newTitle: 'Новый поставщик',
  data: 'Данные поставщика',
  figures: 'Показатели',
} as const;

const SUPPLIER_CARD = resourceCard({
  section: 'suppliers',
  texts: SUPPLIER_TEXTS,
  nameField: 'name',
  schema: supplierSchema,
  fields: SUPPLIER_FIELDS,
});
type SupplierValues = ReturnType<typeof SUPPLIER_CARD.valuesOf>;

// two figures read better on the card than under their column's short title
const FIGURES = columnFigures(
  columns,
  [
    'total_offers_created',
    'reserve_total_created',
    'reserve_purchased_sum',
    'reserve_cancelled_count',
    'min_selling_price',
    'max_selling_price',
    'available_amount',
  ],
  { total_offers_created: 'Предложений создано', reserve_purchased_sum: 'Выкуплено на сумму' },
);

/** The INN is typed on the numeric keyboard. */
const NUMERIC = { inn: { slotProps: { htmlInput: { inputMode: 'numeric' } } } } as const;

interface OfferLine extends LatestRecord {
  available_amount?: string;
  unit_price?: string;
}

/** The supplier's latest offers, from the offers list filtered by supplier (the caller's scope applies). */
const SupplierOffers = ({ supplierId }: { supplierId: number }) => (
  <LatestListed<OfferLine>
    section="offers"
    filter="suppliers_ids"
    id={supplierId}
    figures={[
      { title: 'Доступно', value: (o) => formatNumber(o.available_amount) },
      { title: 'Цена за единицу', value: (o) => formatMoney(o.unit_price) },
    ]}
  />
);

function SupplierCard(props: RecordCardScreenProps) {
  const { record } = props;
  const { data: perms } = usePermissionsQuery();
  const showOffers = can(perms, 'offers', 'read') && isFieldVisible(perms, 'offers', 'suppliers_ids');
  // a role that imports offers and sees whose offers they are loads the supplier's own price lists here
  const { priceLists: SupplierPriceLists } = useContext(SupplierCardSlotsContext);
  const priceLists =
    showOffers &&
    can(perms, 'offers', 'import') &&
    isFieldVisible(perms, 'offers', 'unit_price') &&
    isFieldVisible(perms, 'offers', 'city');

  const tabs = (card: CardContext<SupplierValues>) => [
    dataTab(card, SUPPLIER_TEXTS, {
      // the name is the header's; the location (an address) takes the block's width
      fields: (
        <ResourceFields
          resource={suppliersResource}
          form={card.form}
          inputs={card.inputs}
          hidden={card.hidden}
          readOnly={card.readOnly}
          skip={['name']}
          props={NUMERIC}
        />
      ),
      figures: FIGURES,
      more: record && showOffers && (
        <>
          <SupplierOffers supplierId={record.id} />
          {SupplierPriceLists && priceLists && record.status !== 'deleted' && (
            <SupplierPriceLists supplierId={record.id} />
          )}
        </>
      ),
    }),
  ];

  return <RecordCard<SupplierValues> {...props} def={SUPPLIER_CARD} tabs={tabs} />;
}

export const SupplierCardScreen = recordCardScreen('suppliers', SupplierCard);
