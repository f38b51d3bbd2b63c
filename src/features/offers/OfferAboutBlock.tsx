// 'О предложении': the offer's own fields, the ones the caller's role may see, with the field-settings switch.
import type { ReactNode } from 'react';
import type { FormikProps } from 'formik';
import MenuItem from '@mui/material/MenuItem';
import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { TextFieldProps } from '@mui/material/TextField';
import { unitWeightFor, UNIT_MEASURES } from '../../../domain/offers/figures';
import { statusTitle } from '../../../domain/sections';
import { listFailure, useReferenceListQuery } from '../../api/references';
import { useProductVarietiesQuery } from '../../api/varieties';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { LABELS, OFFER_TEXTS, type OfferFormValues } from './offerForm';
import { LOGISTICS_STATES, ON_STOCK } from '../../../domain/offers/logistics';
import type { OfferInputs } from './offerInputs';

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
const statusChoices = (current: string | undefined) => (current && !CHOOSABLE.includes(current) ? [...CHOOSABLE, current] : CHOOSABLE);

export function OfferAboutBlock({ form, inputs, mode, readOnly, settingsButton, visible }: OfferAboutBlockProps) {
  const { field, decimal, select, configurable, fieldError } = inputs;
  // the product's varieties, as its card keeps them
  const productId = Number(form.values.product_id);
  const varieties = useProductVarietiesQuery({ productId }, { skip: !productId });
  const packing = useReferenceListQuery('packing');
  const cities = useReferenceListQuery('cities', { skip: !visible('city_id') });
  const suppliers = useReferenceListQuery('suppliers', { skip: !visible('supplier_id') });
  const productVarieties = productId ? varieties.data : [];

  return (
    <InfoBlock title={OFFER_TEXTS.about}>
      {settingsButton}
      {mode === 'edit' && field('status', { select: true, disabled: readOnly, children: statusChoices(form.values.status).map((s) => <MenuItem key={s} value={s} disabled={!CHOOSABLE.includes(s)}>{statusTitle('offers', s)}</MenuItem>) })}
      {visible('supplier_id') && select('supplier_id', suppliers.data)}
      {select('variety_id', productVarieties)}
      {select('packing_id', packing.data)}
      {visible('city_id') && select('city_id', cities.data, { helperText: listFailure(cities) })}
      {field('harvest_year', { inputMode: 'numeric' } as TextFieldProps)}
      {field('origin_country')}
      {field('unit_measure', {
        select: true,
        onChange: (e) => {
          void form.setFieldValue('unit_measure', e.target.value);
          void form.setFieldValue('unit_weight', unitWeightFor(String(e.target.value)));
        },
        children: [<MenuItem key="" value=""><em>Не выбрано</em></MenuItem>, ...UNIT_MEASURES.map((u) => <MenuItem key={u.value} value={u.value}>{`${u.label} (${u.value})`}</MenuItem>)],
      })}
      {form.values.unit_measure === 'шт' && decimal('unit_weight')}
      {decimal('units_per_pack')}
      {decimal('unit_amount')}
      {decimal('unit_price')}
      {visible('warehouse_cost') && decimal('warehouse_cost')}
      {visible('loading_address') && field('loading_address', {}, { wide: true })}
      {visible('logistics_state') && field('logistics_state', {
        select: true,
        disabled: readOnly,
        // on stock, the lot keeps no expected day
        onChange: (e) => {
          void form.setFieldValue('logistics_state', e.target.value);
          if (e.target.value === ON_STOCK) void form.setFieldValue('expected_arrival', '');
        },
        children: LOGISTICS_STATES.map((s) => <MenuItem key={s.value} value={s.value}>{s.title}</MenuItem>),
      })}
      {visible('expected_arrival') && form.values.logistics_state !== ON_STOCK && configurable('expected_arrival', LABELS.expected_arrival, (
        <DatePicker
          key="expected_arrival"
          label={LABELS.expected_arrival}
          format="DD.MM.YYYY"
          value={form.values.expected_arrival ? dayjs(form.values.expected_arrival) : null}
          // a day half typed is no day: the form's own message says so
          onChange={(date) => void form.setFieldValue('expected_arrival', date?.isValid() ? date.format('YYYY-MM-DD') : '')}
          disabled={readOnly}
          slotProps={{ textField: {
            size: 'small', name: 'expected_arrival', onBlur: () => void form.setFieldTouched('expected_arrival', true),
            error: Boolean(fieldError('expected_arrival')), helperText: fieldError('expected_arrival'),
          } }}
        />
      ))}
    </InfoBlock>
  );
}
