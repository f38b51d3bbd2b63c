// 'О предложении': the offer's own fields, the ones the caller's role may see, with the field-settings switch.
import { Fragment, type ReactNode } from 'react';
import type { FormikProps } from 'formik';
import MenuItem from '@mui/material/MenuItem';
import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { TextFieldProps } from '@mui/material/TextField';
import { unitWeightFor, UNIT_MEASURES } from '../../../domain/offers/figures';
import { statusTitle } from '../../../domain/sections';
import { listFailure, useReferenceListQuery, type NamedRef } from '../../api/references';
import { OFFER_FIELDS, offersResource, type OfferFieldKey } from '../../../domain/offers/resource';
import { useProductVarietiesQuery } from '../../api/varieties';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { LABELS, OFFER_TEXTS, type OfferFormValues } from './offerForm';
import { LOGISTICS_STATES, ON_STOCK } from '../../../domain/offers/logistics';
import type { OfferInputs } from './offerInputs';
import { purchaseInputs } from './purchaseInputs';
import { PURCHASE_FIELDS } from '../../../domain/offers/purchase';

export interface OfferAboutBlockProps {
  form: FormikProps<OfferFormValues>;
  inputs: OfferInputs;
  mode: 'create' | 'edit';
  readOnly: boolean;
  /** The 'Настроить поля' switch. */
  settingsButton: ReactNode;
  /** May the caller's role see this field. */
  visible(field: string): boolean;
}

/** The statuses a user may choose on the card; a record in another one ('Удален') still shows it, unchoosable. */
const CHOOSABLE: readonly string[] = ['active', 'completed'];
const statusChoices = (current: string | undefined) =>
  current && !CHOOSABLE.includes(current) ? [...CHOOSABLE, current] : CHOOSABLE;

/** The header draws the product (offerInputs' fixed field); the block, the supplier first, then the form's order,
 * the purchase in a currency right after the ruble price it makes. */
const [, ...REST] = OFFER_FIELDS;
const SUPPLIER = REST.find((f) => f.key === 'supplier_id')!;
const PURCHASE = REST.filter((f) => (PURCHASE_FIELDS as readonly string[]).includes(f.key));
const DRAWN = [SUPPLIER, ...REST.filter((f) => f !== SUPPLIER && !PURCHASE.includes(f))].flatMap((f) =>
  f.key === 'unit_price' ? [f, ...PURCHASE] : [f],
);

/** An address (its filter searches addresses) is drawn across the block. */
const isAddress = (key: OfferFieldKey) => {
  const filter = offersResource.field(key).filter;
  return typeof filter === 'object' && filter.type === 'address';
};

export function OfferAboutBlock({ form, inputs, mode, readOnly, settingsButton, visible }: OfferAboutBlockProps) {
  const { field, decimal, select, configurable, fieldError } = inputs;
  // the product's varieties, as its card keeps them
  const productId = Number(form.values.product_id);
  const varieties = useProductVarietiesQuery({ productId }, { skip: !productId });
  const packing = useReferenceListQuery('packing');
  const cities = useReferenceListQuery('cities', { skip: !visible('city_id') });
  const suppliers = useReferenceListQuery('suppliers', { skip: !visible('supplier_id') });
  const productVarieties = productId ? varieties.data : [];
  const lists: Partial<Record<OfferFieldKey, NamedRef[] | undefined>> = {
    supplier_id: suppliers.data,
    variety_id: productVarieties,
    packing_id: packing.data,
  };

  // what a field's kind does not say: the loading city's list failure, the unit's choices (kg weigh 1 each), the
  // unit's weight for pieces only, the lot's way and the day it is expected
  const own: Partial<Record<OfferFieldKey, () => ReactNode>> = {
    ...purchaseInputs(form, inputs, readOnly),
    city_id: () => select('city_id', cities.data, { helperText: listFailure(cities) }),
    harvest_year: () => field('harvest_year', { inputMode: 'numeric' } as TextFieldProps),
    unit_measure: () =>
      field('unit_measure', {
        select: true,
        onChange: (e) => {
          void form.setFieldValue('unit_measure', e.target.value);
          void form.setFieldValue('unit_weight', unitWeightFor(String(e.target.value)));
        },
        children: [
          <MenuItem key="" value="">
            <em>Не выбрано</em>
          </MenuItem>,
          ...UNIT_MEASURES.map((u) => <MenuItem key={u.value} value={u.value}>{`${u.label} (${u.value})`}</MenuItem>),
        ],
      }),
    unit_weight: () => form.values.unit_measure === 'шт' && decimal('unit_weight'),
    logistics_state: () =>
      field('logistics_state', {
        select: true,
        disabled: readOnly,
        // on stock, the lot keeps no expected day
        onChange: (e) => {
          void form.setFieldValue('logistics_state', e.target.value);
          if (e.target.value === ON_STOCK) void form.setFieldValue('expected_arrival', '');
        },
        children: LOGISTICS_STATES.map((s) => (
          <MenuItem key={s.value} value={s.value}>
            {s.title}
          </MenuItem>
        )),
      }),
    expected_arrival: () =>
      form.values.logistics_state !== ON_STOCK &&
      configurable(
        'expected_arrival',
        LABELS.expected_arrival,
        <DatePicker
          key="expected_arrival"
          label={LABELS.expected_arrival}
          format="DD.MM.YYYY"
          value={form.values.expected_arrival ? dayjs(form.values.expected_arrival) : null}
          // a day half typed is no day: the form's own message says so
          onChange={(date) =>
            void form.setFieldValue('expected_arrival', date?.isValid() ? date.format('YYYY-MM-DD') : '')
          }
          disabled={readOnly}
          slotProps={{
            textField: {
              size: 'small',
              name: 'expected_arrival',
              onBlur: () => void form.setFieldTouched('expected_arrival', true),
              error: Boolean(fieldError('expected_arrival')),
              helperText: fieldError('expected_arrival'),
            },
          }}
        />,
      ),
  };
  /** A field the caller's role sees, as its kind draws it unless the block draws it its own way. */
  const draw = ({ key, kind }: (typeof OFFER_FIELDS)[number]): ReactNode => {
    if (!visible(key)) return null;
    const drawOwn = own[key];
    if (drawOwn) return drawOwn();
    if (kind === 'reference') return select(key, lists[key]);
    if (kind === 'amount' || kind === 'money') return decimal(key);
    return field(key, {}, { wide: isAddress(key) });
  };

  return (
    <InfoBlock title={OFFER_TEXTS.about}>
      {settingsButton}
      {mode === 'edit' &&
        field('status', {
          select: true,
          disabled: readOnly,
          children: statusChoices(form.values.status).map((s) => (
            <MenuItem key={s} value={s} disabled={!CHOOSABLE.includes(s)}>
              {statusTitle('offers', s)}
            </MenuItem>
          )),
        })}
      {DRAWN.map((f) => (
        <Fragment key={f.key}>{draw(f)}</Fragment>
      ))}
    </InfoBlock>
  );
}
