// The reserve card's blocks: 'О резерве' (amount ↔ packs, selling price, date), 'О Доставке' (city with the
// matrix lookup, address, cost, days), 'Дополнительно' (buyer, phone, responsible) and 'Расчетные данные', live
// from domain/reserves/figures.ts as the user types. Fields the caller's role may not see are not drawn.
import { useState, type ReactNode } from 'react';
import type { FormikProps } from 'formik';
import dayjs from 'dayjs';
import { DayPicker } from '../../components/DayPicker';
import { defaultReservedUntil } from '../../../domain/reserves/schema';
import { amountOf, packsStep, reserveFigures } from '../../../domain/reserves/figures';
import { packsOf } from '../../../domain/offers/figures';
import { toNumber } from '../../../domain/numbers';
import { editableNumber, formatNumber } from '../../../domain/format';
import type { BusinessSettings } from '../../../domain/settings';
import { listFailure, useReferenceListQuery } from '../../api/references';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { ComputedField as Computed } from '../../components/Card/Figures';
import { cardInputs } from '../../components/Card/cardInputs';
import { LABELS, RESERVE_TEXTS, type ReserveFormValues } from './reserveForm';
import type { ReserveOffer } from './reservesApi';
import { useBusinessToday } from '../../api/businessDay';
import { pendingArrival } from '../../../domain/offers/logistics';
import { RESERVE_BUYER } from '../../../domain/reserves/buyerFields';

/** The reserve date picker (spec point 5): dd.MM.yyyy, nothing before today, 5 years from this one. */
export const RESERVE_DATE_YEARS = 5;
const INVALID_DATE = 'Date input not valid.';

type Form = FormikProps<ReserveFormValues>;

export interface BlockProps {
  form: Form;
  offer: ReserveOffer;
  readOnly: boolean;
  visible(field: string): boolean;
}

/** A new reserve's 'Резерв до' follows its 'Дата реализации' while the user has not set it: the business day + the
 * hold days, never past the implementation date (defaultReservedUntil, the server's rule too). */
export interface HoldDefault {
  today: string;
  holdDays: number | undefined;
  /** A lot on its way: the day it is expected, which the hold days run from. */
  arrival?: string | null;
}

/** A figure worked out from another field, as the linked field shows it: '12,5'. */
const str = (n: number | null) => (n === null ? '' : editableNumber(n));

/** The card's inputs without field settings: every reserve field always shows. */
function useInputs(form: Form, readOnly: boolean) {
  const { field, decimal, select, phone, fieldError } = cardInputs(form, {
    labels: LABELS,
    readOnly,
    fieldSettings: false,
    isVisible: () => true,
    setField: () => undefined,
    fixed: Object.keys(LABELS),
  });
  return { field, decimal, select, phone, error: fieldError };
}

/** `available`: what the reserve may take, the offer's free stock plus what an active reserve itself holds. */
export function AboutBlock({
  form,
  offer,
  readOnly,
  visible,
  hold,
  available,
}: BlockProps & { hold?: HoldDefault; available: number }) {
  const { decimal, error } = useInputs(form, readOnly);
  const [invalidDate, setInvalidDate] = useState(false);
  const [invalidUntil, setInvalidUntil] = useState(false);
  const setEstimated = (day: string | null) => {
    setInvalidDate(day === null);
    const next = day ?? 'invalid';
    const before = form.values.estimated_date_implementation;
    void form.setFieldValue('estimated_date_implementation', next);
    // the shown default moves with the date while the user has not chosen a 'Резерв до' of their own
    if (
      hold &&
      !invalidUntil &&
      form.values.reserved_until === defaultReservedUntil(hold.today, hold.holdDays, before, hold.arrival)
    ) {
      void form.setFieldValue('reserved_until', defaultReservedUntil(hold.today, hold.holdDays, next, hold.arrival));
    }
  };
  const units = offer.units_per_pack;
  // pieces are whole: typed packs give whole pieces, and the packs' arrows step by packs that hold whole pieces
  const pieces = offer.unit_measure === 'шт';
  // the business day (setting time_zone), not the browser's
  const today = dayjs(useBusinessToday());
  // a lot on its way: the reserve is due, and holds, no earlier than the day the lot is expected
  const arrival = pendingArrival(offer);
  const firstDay = arrival && dayjs(arrival).isAfter(today) ? dayjs(arrival) : today;
  return (
    <InfoBlock title={RESERVE_TEXTS.about}>
      {decimal('amount', {
        slotProps: { htmlInput: { ...(pieces && { inputMode: 'numeric' }), min: 1, step: pieces ? 1 : 0.01 } },
        helperText: `Доступно: ${formatNumber(available)}`,
        onChange: (e) => {
          void form.setFieldValue('amount', e.target.value);
          void form.setFieldValue('packs_amount', str(packsOf(e.target.value, units)));
        },
      })}
      {decimal('packs_amount', {
        slotProps: { htmlInput: { min: 0.2, step: packsStep(units, offer.unit_measure) } },
        onChange: (e) => {
          void form.setFieldValue('packs_amount', e.target.value);
          void form.setFieldValue('amount', str(amountOf(e.target.value, units, offer.unit_measure)));
        },
      })}
      {visible('unit_selling_price') && decimal('unit_selling_price', { slotProps: { htmlInput: { step: 0.01 } } })}
      {visible('estimated_date_implementation') && (
        <DayPicker
          label={LABELS.estimated_date_implementation}
          name="estimated_date_implementation"
          value={form.values.estimated_date_implementation}
          onDay={setEstimated}
          minDate={firstDay}
          maxDate={today.add(RESERVE_DATE_YEARS - 1, 'year').endOf('year')}
          disablePast
          disabled={readOnly}
          onBlur={() => void form.setFieldTouched('estimated_date_implementation', true)}
          error={invalidDate || Boolean(error('estimated_date_implementation'))}
          helperText={invalidDate ? INVALID_DATE : error('estimated_date_implementation')}
        />
      )}
      {visible('reserved_until') && (
        // 'Резерв до': empty takes today + the business setting's days; not past the estimated date
        <DayPicker
          label={LABELS.reserved_until}
          name="reserved_until"
          value={form.values.reserved_until}
          onDay={(day) => {
            setInvalidUntil(day === null);
            void form.setFieldValue('reserved_until', day ?? 'invalid');
          }}
          minDate={firstDay}
          maxDate={
            form.values.estimated_date_implementation &&
            dayjs(form.values.estimated_date_implementation).isValid() &&
            !dayjs(form.values.estimated_date_implementation).isBefore(today)
              ? dayjs(form.values.estimated_date_implementation)
              : today.add(RESERVE_DATE_YEARS - 1, 'year').endOf('year')
          }
          disablePast
          disabled={readOnly}
          onBlur={() => void form.setFieldTouched('reserved_until', true)}
          error={invalidUntil || Boolean(error('reserved_until'))}
          helperText={invalidUntil ? INVALID_DATE : error('reserved_until')}
        />
      )}
    </InfoBlock>
  );
}

export function DeliveryBlock({ form, readOnly, visible, onCity }: BlockProps & { onCity(cityId: string): void }) {
  const { field, decimal, select } = useInputs(form, readOnly);
  const cities = useReferenceListQuery('cities', { skip: !visible('city_id') });
  if (!['city_id', RESERVE_BUYER.address, 'delivery_cost', 'delivery_days'].some(visible)) return null;
  return (
    <InfoBlock title={RESERVE_TEXTS.delivery}>
      {visible('city_id') &&
        select('city_id', cities.data, {
          helperText: listFailure(cities),
          onChange: (e) => onCity(String(e.target.value)),
        })}
      {visible(RESERVE_BUYER.address) && field(RESERVE_BUYER.address, {}, { wide: true })}
      {visible('delivery_cost') && decimal('delivery_cost', { slotProps: { htmlInput: { min: 1, step: 0.01 } } })}
      {visible('delivery_days') &&
        field('delivery_days', { slotProps: { htmlInput: { inputMode: 'numeric', min: 0, step: 1 } } })}
    </InfoBlock>
  );
}

/** `picker`: the buyer's card picker, above the name and phone it fills. */
export function ExtraBlock({
  form,
  readOnly,
  visible,
  responsibleLocked,
  picker,
}: BlockProps & { responsibleLocked: boolean; picker?: ReactNode }) {
  const { field, select, phone } = useInputs(form, readOnly);
  const employees = useReferenceListQuery('employees', { skip: !visible('responsible_id') });
  if (![RESERVE_BUYER.name, RESERVE_BUYER.phone, 'responsible_id'].some(visible)) return null;
  return (
    <InfoBlock title={RESERVE_TEXTS.extra}>
      {picker}
      {visible(RESERVE_BUYER.name) && field(RESERVE_BUYER.name)}
      {visible(RESERVE_BUYER.phone) && phone(RESERVE_BUYER.phone)}
      {visible('responsible_id') &&
        select('responsible_id', employees.data, { disabled: readOnly || responsibleLocked })}
    </InfoBlock>
  );
}

/** 'Расчетные данные': the spec's reserve calculations for what is typed now. */
export function FiguresBlock({
  values,
  offer,
  unitPrice,
  settings,
  visible,
  routeCost,
}: {
  values: ReserveFormValues;
  offer: ReserveOffer;
  unitPrice: string | null | undefined;
  settings: BusinessSettings;
  visible(field: string): boolean;
  /** The route's cost kept beside a delivery cost typed below it: the margin the trade makes on it. */
  routeCost?: string | null;
}) {
  const inputs = {
    amount: values.amount,
    unit_selling_price: values.unit_selling_price,
    delivery_cost: values.delivery_cost,
    unit_price: unitPrice,
    kg_price: offer.kg_price,
    unit_weight: offer.unit_weight,
    units_per_pack: offer.units_per_pack,
  };
  const figures = reserveFigures(inputs, settings);
  // a typed cost below the route's shows a margin the trade does not make: the route's is shown beside it
  const lowered =
    routeCost !== null &&
    routeCost !== undefined &&
    (toNumber(values.delivery_cost) ?? Infinity) < (toNumber(routeCost) ?? 0);
  const onRoute = lowered ? reserveFigures({ ...inputs, delivery_cost: routeCost }, settings) : null;
  return (
    <InfoBlock title={RESERVE_TEXTS.figures}>
      <Computed label="Доступно в предложении" value={formatNumber(offer.available_amount)} />
      {unitPrice !== undefined && (
        <Computed label="Цена закупки за единицу, ₽" value={unitPrice === null ? null : Number(unitPrice)} />
      )}
      {unitPrice !== undefined && <Computed label="Сумма закупки, ₽" value={figures.total_sum} />}
      {visible('delivery_cost') && <Computed label="Себестоимость единицы, ₽" value={figures.cost_per_unit} />}
      {visible('min_selling_price') && (
        <Computed label="Минимальная цена продажи, ₽" value={figures.min_selling_price} />
      )}
      {visible('max_selling_price') && (
        <Computed label="Максимальная цена продажи, ₽" value={figures.max_selling_price} />
      )}
      {visible('marginality') && (
        <Computed label={RESERVE_TEXTS.marginality} value={values.unit_selling_price ? figures.marginality : null} />
      )}
      {visible('marginality') && onRoute && (
        <Computed
          label={RESERVE_TEXTS.routeMarginality}
          value={values.unit_selling_price ? onRoute.marginality : null}
        />
      )}
      {visible('total_selling_sum') && <Computed label="Сумма продажи, ₽" value={figures.total_selling_sum} />}
    </InfoBlock>
  );
}
