// The offer card's purchase in a currency: the currency and the rate policy as selects, the currency price only for
// a foreign currency, the fixed rate and its day only for a fixed rate (domain/offers/purchase.ts).
import type { ReactNode } from 'react';
import type { FormikProps } from 'formik';
import MenuItem from '@mui/material/MenuItem';
import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { CURRENCIES, CURRENCY_NAMES } from '../../../domain/currency';
import { PURCHASE_TEXTS, RATE_POLICIES, RUBLE } from '../../../domain/offers/purchase';
import type { OfferFieldKey } from '../../../domain/offers/resource';
import { LABELS, type OfferFormValues } from './offerForm';
import type { OfferInputs } from './offerInputs';

/** The purchase's fields as the card draws them (false: not drawn for the currency or policy chosen). */
export function purchaseInputs(
  form: FormikProps<OfferFormValues>,
  inputs: OfferInputs,
  readOnly: boolean,
): Partial<Record<OfferFieldKey, () => ReactNode>> {
  const { field, decimal, configurable, fieldError } = inputs;
  const foreign = (form.values.purchase_currency || RUBLE) !== RUBLE;
  const fixed = foreign && form.values.rate_policy === 'fixed';
  return {
    // a lot bought in a currency is priced by the server at the rate: its ruble price is shown, not typed
    unit_price: () => decimal('unit_price', foreign ? { disabled: true, helperText: PURCHASE_TEXTS.priced } : {}),
    purchase_currency: () =>
      field('purchase_currency', {
        select: true,
        disabled: readOnly,
        value: form.values.purchase_currency || RUBLE,
        onChange: (e) => {
          void form.setFieldValue('purchase_currency', e.target.value);
          // a foreign currency follows the Bank's rate of the day unless the card says otherwise
          if (e.target.value !== RUBLE && !form.values.rate_policy) void form.setFieldValue('rate_policy', 'daily');
        },
        children: CURRENCIES.map((code) => (
          <MenuItem key={code} value={code}>{`${code} — ${CURRENCY_NAMES[code]}`}</MenuItem>
        )),
      }),
    purchase_price: () => foreign && decimal('purchase_price'),
    rate_policy: () =>
      foreign &&
      field('rate_policy', {
        select: true,
        disabled: readOnly,
        value: form.values.rate_policy || 'daily',
        children: RATE_POLICIES.map((p) => (
          <MenuItem key={p.value} value={p.value}>
            {p.title}
          </MenuItem>
        )),
      }),
    fixed_rate: () => fixed && decimal('fixed_rate'),
    fixed_rate_date: () =>
      fixed &&
      configurable(
        'fixed_rate_date',
        LABELS.fixed_rate_date,
        <DatePicker
          key="fixed_rate_date"
          label={LABELS.fixed_rate_date}
          format="DD.MM.YYYY"
          value={form.values.fixed_rate_date ? dayjs(form.values.fixed_rate_date) : null}
          // a day half typed is no day: the form's own message says so
          onChange={(date) =>
            void form.setFieldValue('fixed_rate_date', date?.isValid() ? date.format('YYYY-MM-DD') : '')
          }
          disabled={readOnly}
          slotProps={{
            textField: {
              size: 'small',
              name: 'fixed_rate_date',
              onBlur: () => void form.setFieldTouched('fixed_rate_date', true),
              error: Boolean(fieldError('fixed_rate_date')),
              helperText: fieldError('fixed_rate_date'),
            },
          }}
        />,
      ),
  };
}
