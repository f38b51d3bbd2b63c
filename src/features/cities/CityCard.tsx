// The city card (spec point 2 "Create city"): the name in the header, the 'Города' tab with the delivery from
// this city to every other one, and the comments. A new city sends its delivery rows with it; a saved one
// saves the rows the user changed in one PUT.
import { useReferenceListQuery } from '../../api/references';
import { usePermissionsQuery } from '../../api/session';
import { isFieldVisible } from '../../../domain/permissions';
import type { CardRecord } from '../../api/cards';
import { citySchema } from '../../../domain/cities/schema';
import { citiesResource } from '../../../domain/cities/resource';
import { editableNumber, typedNumber } from '../../../domain/format';
import {
  RecordCard,
  recordCardScreen,
  resourceCard,
  type FieldValues,
  type RecordCardDef,
  type RecordCardScreenProps,
} from '../../components/Card/RecordCard';
import { ResourceFieldsBlock } from '../../components/Card/ResourceFields';
import { DELIVERY_TEXTS, DeliveryTable, type DeliveryChanges, type DeliveryLine } from './DeliveryTable';
import { useCityDeliveryQuery, useSaveCityDeliveryMutation } from './citiesApi';

export const CITY_TEXTS = {
  placeholder: 'Введите название города',
  created: 'Город добавлен',
  deleted: 'Город удален: его можно только просматривать',
  tab: 'Город',
  data: 'Данные города',
} as const;

const CARD = resourceCard({
  section: 'cities',
  texts: CITY_TEXTS,
  nameField: 'name',
  schema: citySchema,
  fields: citiesResource.formFields,
});
type CityValues = FieldValues<(typeof citiesResource.formFields)[number]['key']> & { delivery: DeliveryChanges };

/** A cost or days as sent: typed with a comma or a point, sent with a point ('12,5' → '12.5'); empty is 0, "not known". */
const sent = (typed: string) => (typed.trim() === '' ? '0' : typedNumber(typed));
const rowsOf = (changes: DeliveryChanges) =>
  Object.entries(changes).map(([to_id, r]) => ({ to_id: Number(to_id), cost: sent(r.cost), days: sent(r.days) }));

// a new city is sent with the routes typed in its table; a saved one saves them apart (saveMore)
const CITY_CARD: RecordCardDef<CityValues> = {
  ...CARD,
  valuesOf: (record) => ({ ...CARD.valuesOf(record), delivery: {} }),
  more: (values, mode) => (mode === 'create' ? { delivery: rowsOf(values.delivery) } : {}),
};

/** Every city (its own row first) with what is known of the delivery to it: stored on an edit card, 0 and 0 on a new one. */
function useDeliveryLines(record: CardRecord | undefined, hidden: boolean): DeliveryLine[] {
  const withDeleted = record?.status === 'deleted';
  const stored = useCityDeliveryQuery({ id: record?.id ?? 0, withDeleted }, { skip: !record || hidden });
  const cities = useReferenceListQuery('cities', { skip: Boolean(record) || hidden });
  if (record) {
    return (stored.data ?? []).map((r) => ({
      to_id: r.to_id,
      to_name: r.to_id === record.id ? DELIVERY_TEXTS.local(r.to_name) : r.to_name,
      cost: editableNumber(r.cost),
      days: String(r.days),
    }));
  }
  return (cities.data ?? []).map((c) => ({ to_id: c.id, to_name: c.name, cost: '0', days: '0' }));
}

/** Whether the city has a field the caller sees beside its name (the header's). */
const hasFields = (hidden: ReadonlySet<string>) =>
  citiesResource.formFields.some((f) => f.key !== 'name' && !hidden.has(f.key));

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
      tabs={({ form, inputs, hidden, settingsButton, readOnly }) => {
        const fields = (
          <ResourceFieldsBlock
            title={CITY_TEXTS.data}
            settingsButton={settingsButton}
            resource={citiesResource}
            form={form}
            inputs={inputs}
            hidden={hidden}
            readOnly={readOnly}
            skip={['name']}
          />
        );
        return [
          // a tab of its own only where the city has a field beside its name
          ...(hasFields(hidden) ? [{ label: CITY_TEXTS.tab, content: fields }] : []),
          ...(!matrix
            ? []
            : [
                {
                  label: DELIVERY_TEXTS.tab,
                  content: (
                    <DeliveryTable
                      rows={lines}
                      changes={form.values.delivery}
                      readOnly={readOnly}
                      onChange={(next) => void form.setFieldValue('delivery', next)}
                    />
                  ),
                },
              ]),
        ];
      }}
    />
  );
}

export const CityCardScreen = recordCardScreen('cities', CityCard);
