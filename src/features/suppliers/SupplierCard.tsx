// The supplier card (spec point 2 "Create supplier", point 5 "Supplier form"): the name in the header,
// 'Данные поставщика' (e-mail, phone with the +7 mask, contact, INN, city, location), and on a saved supplier
// its figures and latest offers. Fields the caller's role does not see (role 1: all but the name) are not on
// the card.
import { useMemo } from 'react';
import { SUPPLIER_FIELD_VISIBILITY, SUPPLIER_FORM_FIELDS, supplierSchema } from '../../../domain/suppliers/schema';
import { cardPayload, hiddenCardFields } from '../../../domain/schemas/card';
import { can, isFieldVisible } from '../../../domain/permissions';
import { formatDate, formatMoney, formatNumber } from '../../../domain/format';
import { statusTitle } from '../../../domain/sections';
import { usePermissionsQuery } from '../../api/session';
import { useReferenceListQuery } from '../../api/references';
import { useListQuery } from '../../api/lists';
import type { CardRecord } from '../../api/cards';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { RecordFigures, ShortList, type FigureOf } from '../../components/Card/Figures';
import { RecordCard, RecordCardScreen, type CardMode, type CardValues } from '../../components/Card/RecordCard';

export const SUPPLIER_TEXTS = {
  placeholder: 'Введите название поставщика',
  created: 'Поставщик добавлен',
  deleted: 'Поставщик удален: его можно только просматривать',
  data: 'Данные поставщика',
  figures: 'Показатели',
  offers: 'Предложения',
  noOffers: 'Предложений пока нет',
} as const;

const LABELS: Record<string, string> = { email: 'Email', phone: 'Телефон', contact_name: 'Контактное лицо', inn: 'ИНН', city_id: 'Город', location: 'Адрес' };
const SHORT_LIST = 10;

interface SupplierValues extends CardValues {
  name: string;
  email: string;
  phone: string;
  contact_name: string;
  inn: string;
  city_id: string;
  location: string;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const valuesOf = (r?: CardRecord): SupplierValues => ({
  name: str(r?.name), email: str(r?.email), phone: str(r?.phone), contact_name: str(r?.contact_name), inn: str(r?.inn),
  city_id: str(r?.city_id), location: str(r?.location), comments: [],
});

interface OfferLine {
  id: number;
  product?: { id: number; name: string } | null;
  available_amount?: string;
  unit_price?: string;
  status: string;
  created_at: string;
}

/** The supplier's latest offers, from the offers list filtered by supplier (the caller's scope applies). */
function SupplierOffers({ supplierId }: { supplierId: number }) {
  const { data } = useListQuery({ section: 'offers', query: `suppliers_ids=${supplierId}&perPage=20&sort=created_at&order=desc` });
  const rows = ((data?.data ?? []) as unknown as OfferLine[]).slice(0, SHORT_LIST);
  return (
    <ShortList<OfferLine>
      rows={rows}
      path="/offers"
      label={SUPPLIER_TEXTS.offers}
      empty={SUPPLIER_TEXTS.noOffers}
      columns={[
        { title: 'Товар', value: (o) => o.product?.name ?? '' },
        { title: 'Доступно', value: (o) => formatNumber(o.available_amount) },
        { title: 'Цена за единицу', value: (o) => formatMoney(o.unit_price) },
        { title: 'Статус', value: (o) => statusTitle('offers', o.status) },
        { title: 'Дата', value: (o) => formatDate(o.created_at) },
      ]}
    />
  );
}

function SupplierCard({ mode, record }: { mode: CardMode; record?: CardRecord }) {
  const { data: perms } = usePermissionsQuery();
  const hidden = useMemo(() => hiddenCardFields(perms, 'suppliers', SUPPLIER_FORM_FIELDS, SUPPLIER_FIELD_VISIBILITY), [perms]);
  const cities = useReferenceListQuery('cities', { skip: hidden.has('city_id') });
  const payloadOf = (values: SupplierValues) => cardPayload({ ...values }, SUPPLIER_FORM_FIELDS, hidden, ['city_id']);
  const showOffers = can(perms, 'offers', 'read') && isFieldVisible(perms, 'offers', 'suppliers_ids');
  const figures = [
    ['total_offers_created', 'Предложений создано', formatNumber],
    ['reserve_total_created', 'Резервов', formatNumber],
    ['reserve_purchased_sum', 'Выкуплено на сумму', formatMoney],
    ['reserve_cancelled_count', 'Отменено резервов', formatNumber],
    ['min_selling_price', 'Мин. цена', formatMoney],
    ['max_selling_price', 'Макс. цена', formatMoney],
    ['available_amount', 'Доступно', formatNumber],
  ] as const satisfies readonly FigureOf[];

  return (
    <RecordCard<SupplierValues>
      section="suppliers"
      mode={mode}
      record={record}
      texts={SUPPLIER_TEXTS}
      nameField="name"
      labels={LABELS}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      schema={supplierSchema(hidden)}
      tabs={({ inputs, settingsButton }) => [
        {
          label: record ? `Поставщик № ${record.id}` : 'Новый поставщик',
          content: (
            <>
              <InfoBlock title={SUPPLIER_TEXTS.data}>
                {settingsButton}
                {!hidden.has('email') && inputs.field('email', { type: 'email' })}
                {!hidden.has('phone') && inputs.phone('phone')}
                {!hidden.has('contact_name') && inputs.field('contact_name')}
                {!hidden.has('inn') && inputs.field('inn', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
                {!hidden.has('city_id') && inputs.select('city_id', cities.data)}
                {!hidden.has('location') && inputs.field('location', { sx: { gridColumn: 'span 2' } })}
              </InfoBlock>
              {record && (
                <InfoBlock title={SUPPLIER_TEXTS.figures}>
                  <RecordFigures record={record} figures={figures} />
                </InfoBlock>
              )}
              {record && showOffers && (
                <InfoBlock title={SUPPLIER_TEXTS.offers}>
                  <SupplierOffers supplierId={record.id} />
                </InfoBlock>
              )}
            </>
          ),
        },
      ]}
    />
  );
}

export function SupplierCardScreen({ mode }: { mode: CardMode }) {
  return <RecordCardScreen section="suppliers" mode={mode}>{(record) => <SupplierCard mode={mode} record={record} />}</RecordCardScreen>;
}
