// The city card (spec point 2 "Create city"): the name in the header, the 'Города' tab with the delivery from
// this city to every other one, and the comments. A new city sends its delivery rows with it; a saved one
// saves the rows the user changed in one PUT.
import { useReferenceListQuery } from '../../api/references';
import { usePermissionsQuery } from '../../api/session';
import { isFieldVisible } from '../../../domain/permissions';
import type { CardRecord } from '../../api/cards';
import { citySchema } from '../../../domain/cities/schema';
import { editableNumber, typedNumber } from '../../../domain/format';
import { RecordCard, recordCardScreen, type CardMode, type CardValues, type RecordCardDef, type RecordCardScreenProps } from '../../components/Card/RecordCard';
import { DELIVERY_TEXTS, DeliveryTable, type DeliveryChanges, type DeliveryLine } from './DeliveryTable';
import { useCityDeliveryQuery, useSaveCityDeliveryMutation } from './citiesApi';

export const CITY_TEXTS = {
  placeholder: 'Введите название города',
  created: 'Город добавлен',
  deleted: 'Город удален: его можно только просматривать',
} as const;

interface CityValues extends CardValues {
  name: string;
  delivery: DeliveryChanges;
}

const valuesOf = (record?: CardRecord): CityValues => ({ name: String(record?.name ?? ''), delivery: {}, comments: [] });

/** A cost or days as sent: typed with a comma or a point, sent with a point ('12,5' → '12.5'); empty is 0, "not known". */
const sent = (typed: string) => (typed.trim() === '' ? '0' : typedNumber(typed));
const rowsOf = (changes: DeliveryChanges) => Object.entries(changes).map(([to_id, r]) => ({ to_id: Number(to_id), cost: sent(r.cost), days: sent(r.days) }));

const payloadOf = (values: CityValues, mode: CardMode) =>
  mode === 'create' ? { name: values.name, delivery: rowsOf(values.delivery) } : { name: values.name };

const CITY_CARD: RecordCardDef<CityValues> = { section: 'cities', texts: CITY_TEXTS, nameField: 'name', valuesOf, payloadOf, schema: citySchema };

/** Every city (its own row first) with what is known of the delivery to it: stored on an edit card, 0 and 0 on a new one. */
function useDeliveryLines(record: CardRecord | undefined, hidden: boolean): DeliveryLine[] {
  const withDeleted = record?.status === 'deleted';
  const stored = useCityDeliveryQuery({ id: record?.id ?? 0, withDeleted }, { skip: !record || hidden });
  const cities = useReferenceListQuery('cities', { skip: Boolean(record) || hidden });
  if (record) {
    return (stored.data ?? []).map((r) => ({
      to_id: r.to_id, to_name: r.to_id === record.id ? DELIVERY_TEXTS.local(r.to_name) : r.to_name, cost: editableNumber(r.cost), days: String(r.days),
    }));
  }
  return (cities.data ?? []).map((c) => ({ to_id: c.id, to_name: c.name, cost: '0', days: '0' }));
}

function CityCard(props: RecordCardScreenProps) {
  // the matrix is hidden with offers' loading city (domain/permissions.ts, DERIVED_FIELDS): no tab, no request
  const matrix = isFieldVisible(usePermissionsQuery().data, 'cities', 'delivery');
  const lines = useDeliveryLines(props.record, !matrix);
  const [saveDelivery] = useSaveCityDeliveryMutation();
  return (
    <RecordCard<CityValues>
      {...props}
      def={CITY_CARD}
      // the routes are a change of the city: sent on the version the form holds, which they move by one
      saveMore={async (saved, values) => {
        if (!Object.keys(values.delivery).length) return;
        await saveDelivery({ id: saved.id, version: saved.version, rows: rowsOf(values.delivery) }).unwrap();
        return saved.version === undefined ? undefined : saved.version + 1;
      }}
      tabs={({ form, readOnly }) => !matrix ? [] : [
        {
          label: DELIVERY_TEXTS.tab,
          content: <DeliveryTable rows={lines} changes={form.values.delivery} readOnly={readOnly} onChange={(next) => void form.setFieldValue('delivery', next)} />,
        },
      ]}
    />
  );
}

export const CityCardScreen = recordCardScreen('cities', CityCard);
