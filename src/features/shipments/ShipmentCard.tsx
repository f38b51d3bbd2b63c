// The shipment card: the name in the header; 'Поставка' with its fields (supplier, customs declaration's number and
// day) and its lots picked from the offers; 'Расходы', the cost lines' editor; and on a saved shipment
// 'Себестоимость', each lot's landed cost per kg with its waterfall. The lots and lines are sent with the card's
// save; a role that does not see what a lot costs sees no lines and no result, and sends no lines.
import { useMemo } from 'react';
import * as yup from 'yup';
import { isFieldVisible } from '../../../domain/permissions';
import { shipmentsResource, SHIPMENT_FIELDS } from '../../../domain/shipments/resource';
import { checkCostLines, shipmentSchema } from '../../../domain/shipments/schema';
import type { CostLine } from '../../../domain/shipments/costLines';
import { usePermissionsQuery } from '../../api/session';
import {
  RecordCard,
  recordCardScreen,
  resourceCard,
  type FieldValues,
  type RecordCardDef,
  type RecordCardScreenProps,
} from '../../components/Card/RecordCard';
import { ResourceFields } from '../../components/Card/ResourceFields';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { recordTab } from '../../components/Card/CardForm';
import { CostLinesEditor, COST_EDITOR_TEXTS } from './CostLinesEditor';
import { costLinePayload, costLineValues, type CostLineValues } from './costLinesForm';
import { LotsPicker } from './LotsPicker';
import { LandedLots, LANDED_TEXTS } from './LandedLots';

export const SHIPMENT_TEXTS = {
  placeholder: 'Введите название поставки',
  created: 'Поставка добавлена',
  deleted: 'Поставка удалена: её можно только просматривать',
  title: 'Поставка',
  newTitle: 'Новая поставка',
  data: 'Данные поставки',
} as const;

type Key = (typeof SHIPMENT_FIELDS)[number]['key'];
type ShipmentValues = FieldValues<Key> & { offer_ids: number[]; costs: CostLineValues[] };

const BASE = resourceCard({
  section: 'shipments',
  texts: SHIPMENT_TEXTS,
  nameField: 'name',
  schema: shipmentSchema,
  fields: SHIPMENT_FIELDS,
});

/** The card of a role that sees, or does not see, the cost lines. */
function shipmentCard(costsShown: boolean): RecordCardDef<ShipmentValues> {
  return {
    ...BASE,
    valuesOf: (record) => ({
      ...BASE.valuesOf(record),
      offer_ids: ((record?.offer_ids as number[] | undefined) ?? []).map(Number),
      costs: ((record?.costs as CostLine[] | undefined) ?? []).map(costLineValues),
    }),
    more: (values) => ({
      offer_ids: values.offer_ids,
      ...(costsShown ? { costs: values.costs.map(costLinePayload) } : {}),
    }),
    // the lines checked as the server checks them, naming the line ('Строка расходов 2: выберите валюту')
    schema: (hidden) =>
      shipmentSchema(hidden).shape({
        costs: yup.mixed().test('costs', (value, ctx) => {
          const checked = checkCostLines(value ?? []);
          return 'error' in checked ? ctx.createError({ message: checked.error }) : true;
        }),
      }),
  };
}

function ShipmentCard(props: RecordCardScreenProps) {
  const { record } = props;
  const { data: perms } = usePermissionsQuery();
  const costsShown = isFieldVisible(perms, 'offers', 'landed_kg_cost');
  const def = useMemo(() => shipmentCard(costsShown), [costsShown]);
  return (
    <RecordCard<ShipmentValues>
      {...props}
      def={def}
      tabs={({ form, inputs, hidden, readOnly, settingsButton }) => [
        recordTab(
          SHIPMENT_TEXTS,
          record,
          <InfoBlock title={SHIPMENT_TEXTS.data}>
            {settingsButton}
            <ResourceFields
              resource={shipmentsResource}
              form={form}
              inputs={inputs}
              hidden={hidden}
              readOnly={readOnly}
              skip={['name']}
            />
            <LotsPicker
              value={form.values.offer_ids}
              supplierId={form.values.supplier_id}
              readOnly={readOnly}
              onChange={(ids) => void form.setFieldValue('offer_ids', ids)}
            />
          </InfoBlock>,
        ),
        ...(costsShown
          ? [
              {
                label: COST_EDITOR_TEXTS.title,
                content: (
                  <CostLinesEditor
                    lines={form.values.costs}
                    readOnly={readOnly}
                    error={form.submitCount > 0 ? (form.errors.costs as string | undefined) : undefined}
                    onChange={(lines) => void form.setFieldValue('costs', lines)}
                  />
                ),
              },
            ]
          : []),
        ...(costsShown && record
          ? [{ label: LANDED_TEXTS.tab, content: <LandedLots shipmentId={record.id} dirty={form.dirty} /> }]
          : []),
      ]}
    />
  );
}

export const ShipmentCardScreen = recordCardScreen('shipments', ShipmentCard);
