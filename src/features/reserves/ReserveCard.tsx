// The reserve's create and edit card (spec point 2 "Create reserve", point 5 "Reserve form" and "Reserve
// calculations"): the screen that loads the offer (or the reserve), the business settings and the caller, and
// the card that holds the form, saves it and takes the reserve's steps ('Завершить', 'Отменить').
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormik } from 'formik';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { canChooseResponsible, canReadSetting, isFieldVisible } from '../../../domain/permissions';
import {
  defaultReservedUntil,
  hiddenReserveFormFields,
  reserveSchema,
  RESERVE_FIELD_VISIBILITY,
} from '../../../domain/reserves/schema';
import {
  canReprice,
  currentTerms,
  growsOnOldTerms,
  keptTerms,
  pricedBy,
  TERMS_MSG,
  type ReserveTerms,
} from '../../../domain/reserves/terms';
import { toNumber } from '../../../domain/numbers';
import { prefillOf } from '../../../domain/reserves/prefill';
import { statusTitle } from '../../../domain/sections';
import { BAND_SETTINGS, type BusinessSettings } from '../../../domain/settings';
import { useMeQuery } from '../../api/session';
import { errorMessage, isApiError } from '../../api/errors';
import { useSectionRecordQuery } from '../../api/cards';
import { CardForm, recordTab, useCardBase } from '../../components/Card/CardForm';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { useCardRecord } from '../../components/Card/RecordCard';
import { useBusinessSettingsQuery, useLazyDeliveryQuery, type ReserveOffer, type ReserveRecord } from './reservesApi';
import {
  deliveryPrefill,
  newValues,
  RESERVE_TEXTS,
  reservePayload,
  settingsOf,
  valuesOf,
  type ReserveFormValues,
} from './reserveForm';
import { AboutBlock, DeliveryBlock, ExtraBlock, FiguresBlock, type HoldDefault } from './ReserveBlocks';
import { ReserveSteps } from './ReserveSteps';
import { ReserveCardPapers } from './ReservePapers';
import { RepriceButton } from './RepriceDialog';
import { useBusinessToday, useBusinessZoneState } from '../../api/businessDay';
import { DOCUMENT_MSG } from '../../../domain/offers/documents';
import { LOGISTICS_MSG, pendingArrival } from '../../../domain/offers/logistics';
import { hasFinance } from '../../../domain/buyers/credit';
import { phoneDigits } from '../../../domain/phone';
import { FILLED_FROM, RESERVE_BUYER, type ReserveBuyerKey } from '../../../domain/reserves/buyerFields';
import { BuyerPicker, type PickedBuyer } from '../buyers/BuyerPicker';
import { CreditOverrideDialog } from './CreditOverride';
import { ReservePayments } from './ReservePayments';
import { canSeePayments } from '../../../domain/buyers/payments';
import { PAYMENT_TEXTS } from '../../../domain/buyers/texts';

export function ReserveCardScreen({ mode }: { mode: 'create' | 'edit' }) {
  const { search, record: reserve, perms } = useCardRecord<ReserveRecord>('reserves', mode);
  const offerId = mode === 'create' ? Number(search.get('offer')) : undefined;
  const badOffer = mode === 'create' && !(Number.isInteger(offerId) && offerId! > 0);
  const me = useMeQuery();
  // the offer's one cache entry, the offer card's too
  const offer = useSectionRecordQuery<ReserveOffer>(
    { section: 'offers', id: offerId ?? 0, withDeleted: false },
    { skip: mode !== 'create' || badOffer },
  );
  // only the settings the caller may read (domain/settings.ts canReadSetting): role 8 reads none, and sees none of
  // the figures they are part of; a setting not read counts as 0 (settingsOf)
  // (and, on a new reserve, the hold days for the 'Резерв до' it shows)
  const readable = useMemo(
    () =>
      [...BAND_SETTINGS, ...(mode === 'create' ? ['reserve_hold_days' as const] : [])].filter((name) =>
        canReadSetting(perms.data, name),
      ),
    [perms.data, mode],
  );
  const settings = useBusinessSettingsQuery(readable, { skip: !perms.data || readable.length === 0 });
  if (perms.isLoading || me.isLoading || reserve.isLoading || offer.isLoading || settings.isLoading)
    return <PageSpinner />;
  if (mode === 'create' && (badOffer || (offer.error && !offer.data) || settings.error || !offer.data)) {
    return (
      <Alert severity="error" closable={false}>
        {RESERVE_TEXTS.createDataFailed}
      </Alert>
    );
  }
  // a read again that fails (the reserve deleted meanwhile) keeps the card and what was typed in it
  if (mode === 'edit' && ((reserve.error && !reserve.data) || settings.error || !reserve.data)) {
    return (
      <Alert severity="error" closable={false}>
        {errorMessage(reserve.error ?? settings.error)}
      </Alert>
    );
  }
  const record = reserve.data;
  return (
    <ReserveCard
      // remount on another record (or after a save answered a new one) so the form starts from it
      key={record ? `${record.id}` : `new-${offerId}`}
      mode={mode}
      offer={record ? record.offer : offer.data!}
      reserve={record}
      settings={settingsOf(settings.data)}
    />
  );
}

/** A new reserve's values with its default 'Резерв до' filled in (when the caller sees it and the hold days). */
function withHoldDefault(values: ReserveFormValues, hold: HoldDefault | undefined): ReserveFormValues {
  if (!hold || values.reserved_until) return values;
  return {
    ...values,
    reserved_until: defaultReservedUntil(hold.today, hold.holdDays, values.estimated_date_implementation, hold.arrival),
  };
}

interface CardProps {
  mode: 'create' | 'edit';
  offer: ReserveOffer;
  reserve?: ReserveRecord;
  settings: BusinessSettings;
}

function ReserveCard({ mode, offer, reserve, settings }: CardProps) {
  const card = useCardBase<ReserveFormValues, ReserveRecord>('reserves', mode, reserve, RESERVE_TEXTS);
  const { perms, me, save, readOnly } = card;
  const [lookupDelivery] = useLazyDeliveryQuery();
  const location = useLocation();

  const hidden = useMemo(() => hiddenReserveFormFields(perms), [perms]);
  const visible = (field: string) =>
    !hidden.has(field) && isFieldVisible(perms, 'reserves', RESERVE_FIELD_VISIBILITY[field] ?? field);
  const responsibleLocked = !canChooseResponsible(perms);

  // what this reserve may take: the free stock, plus what it holds while active
  const held = reserve?.status === 'active' ? (toNumber(reserve.amount) ?? 0) : 0;
  const today = useBusinessToday();
  const storedDate = reserve?.estimated_date_implementation ?? null;
  const firstDay = storedDate && storedDate < today ? storedDate : today;
  // a saved reserve is judged by the terms it was made on (or last re-priced on), a new one by today's
  const todays = useMemo(() => currentTerms(offer, settings), [offer, settings]);
  const terms = useMemo(() => (reserve ? keptTerms(reserve, todays) : todays), [todays, reserve]);
  const basis = useMemo(() => pricedBy(terms, offer, settings), [terms, offer, settings]);
  const schema = useMemo(
    () =>
      reserveSchema(
        { ...basis.offer, available_amount: (toNumber(offer.available_amount) ?? 0) + held },
        basis.settings,
        firstDay,
        hidden,
      ),
    [basis, offer.available_amount, held, firstDay, hidden],
  );

  // a new reserve shows its 'Резерв до' as the server would take it: the business day + the hold days (editable),
  // once the business zone is known: never from the default zone's day while the zone is on its way
  const zoneKnown = useBusinessZoneState().known;
  const holdShown = !reserve && zoneKnown && visible('reserved_until') && Boolean(settings.reserve_hold_days);
  const hold = useMemo(
    () => (holdShown ? { today, holdDays: settings.reserve_hold_days, arrival: pendingArrival(offer) } : undefined),
    [holdShown, today, settings.reserve_hold_days, offer],
  );
  // a save refused on the buyer's credit, for a user who may go past it with a reason (CreditOverride.tsx);
  // the reason given rides on the next save only
  const [creditRefusal, setCreditRefusal] = useState<string | null>(null);
  const overrideReason = useRef<string | null>(null);
  const form = useFormik<ReserveFormValues>({
    // a new one may come prefilled from its URL (a price list's 'Зарезервировать': city, price, delivery)
    initialValues: reserve
      ? valuesOf(reserve)
      : withHoldDefault({ ...newValues(settings, me?.employee_id), ...prefillOf(location.search) }, hold),
    validationSchema: schema,
    onSubmit: (values, helpers) =>
      save.save(helpers, async () => {
        const reason = overrideReason.current;
        overrideReason.current = null;
        const payload = {
          ...reservePayload(values, visible, responsibleLocked),
          ...(reason ? { credit_override: { reason } } : {}),
        };
        try {
          if (mode === 'create') {
            return {
              created: (
                await card.create({
                  ...payload,
                  offer_id: offer.id,
                  comments: values.comments.map((c) => ({ text: c.text })),
                })
              ).id,
            };
          }
          return { saved: valuesOf(await card.update(payload)) };
        } catch (e) {
          if (isApiError(e) && e.credit && hasFinance(perms)) setCreditRefusal(e.message);
          throw e;
        }
      }),
  });

  /** The buyer's card picked: its name, phone, city (with the route's cost and days) and address fill the
   * reserve's, each still editable; cleared, the reserve keeps what it holds. */
  const [pickedName, setPickedName] = useState<string | null>(null);
  const pickBuyer = (buyer: PickedBuyer | null) => {
    setPickedName(buyer?.name ?? null);
    void form.setFieldValue('buyer_id', buyer ? String(buyer.id) : '');
    if (!buyer) return;
    for (const [field, from] of Object.entries(FILLED_FROM) as [ReserveBuyerKey, keyof PickedBuyer][]) {
      const value = buyer[from];
      if (value && visible(field))
        void form.setFieldValue(field, field === RESERVE_BUYER.phone ? phoneDigits(String(value)) : String(value));
    }
    if (buyer.city_id !== null && visible('city_id') && String(buyer.city_id) !== form.values.city_id)
      void chooseCity(String(buyer.city_id));
  };
  const buyerId = form.values.buyer_id ? Number(form.values.buyer_id) : null;
  const buyerValue =
    buyerId === null
      ? null
      : { id: buyerId, name: pickedName ?? (reserve?.buyer?.id === buyerId ? reserve.buyer.name : '') };

  /** A delivery city chosen: the matrix's cost and days from the offer's city, each only when above 0. */
  const chooseCity = async (cityId: string) => {
    void form.setFieldValue('city_id', cityId);
    if (!cityId) return;
    const found = await lookupDelivery({ offer: offer.id, to: Number(cityId) }, true)
      .unwrap()
      .catch(() => null);
    const prefill = deliveryPrefill(found, settings);
    void form.setFieldValue('delivery_cost', prefill.delivery_cost);
    void form.setFieldValue('delivery_days', prefill.delivery_days);
  };

  // the zone came after the card opened: its 'Резерв до' is filled now, once, unless the user already chose one
  const holdFilled = useRef(Boolean(hold));
  useEffect(() => {
    if (holdFilled.current || !hold) return;
    holdFilled.current = true;
    if (form.values.reserved_until) return;
    const filled = withHoldDefault(form.values, hold);
    // untouched, the card stays as opened (nothing to save); typed into already, the date joins what was typed
    if (form.dirty) void form.setFieldValue('reserved_until', filled.reserved_until);
    else form.resetForm({ values: filled });
  }, [hold, form]);
  // a bigger amount on a reserve whose offer's price moved since it was priced takes today's terms first
  const growing =
    Boolean(reserve?.can_update) &&
    reserve !== undefined &&
    growsOnOldTerms(reserve.amount, form.values.amount, terms, todays);
  /** 'Пересчитать по текущим ценам' confirmed: the server takes the offer's prices and today's settings (with what
   * was typed, when the re-pricing is for a bigger amount). */
  const reprice = async (sellingPrice: string, shownTerms: ReserveTerms): Promise<string | null> => {
    save.setError(null);
    const typed = form.dirty ? reservePayload(form.values, visible, responsibleLocked) : {};
    try {
      form.resetForm({
        values: valuesOf(
          await card.update({ ...typed, reprice: true, reprice_terms: shownTerms, unit_selling_price: sellingPrice }),
        ),
      });
      return null;
    } catch (e) {
      // changed by someone else meanwhile: the card says who and what (StaleAlert); any other refusal, the dialog
      if (isApiError(e) && e.stale) {
        save.setError(e);
        return null;
      }
      return errorMessage(e);
    }
  };

  /** A step taken ('Продлить' sets a new 'Резерв до'): the card shows the reserve as the server answered it
   * at once, not the values it was opened with. */
  const taken = (saved: ReserveRecord) => {
    card.setVersion(saved.version);
    form.resetForm({ values: valuesOf(saved) });
  };

  const productName = offer.product?.name ?? reserve?.product?.name ?? '';
  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: 24 }}>
        {productName ? `${productName}, ` : ''}
        <Link component={RouterLink} to={`/offers/${offer.id}`} state={{ from: location.pathname + location.search }}>
          {`${RESERVE_TEXTS.offer} № ${offer.id}`}
        </Link>
      </Typography>
      {reserve && (
        <Chip
          label={statusTitle('reserves', reserve.status)}
          color={reserve.status === 'active' ? 'success' : 'default'}
          size="small"
        />
      )}
      {reserve?.status === 'expired' && (
        <Chip label={RESERVE_TEXTS.expired} color="warning" size="small" variant="outlined" />
      )}
      {pendingArrival(offer) && (
        <Chip label={LOGISTICS_MSG.incoming(pendingArrival(offer)!)} color="info" size="small" variant="outlined" />
      )}
      {(reserve?.can_update || reserve?.status === 'expired') && !form.dirty && (
        <ReserveSteps reserve={reserve} version={card.version!} onTaken={taken} onError={save.setError} />
      )}
      {reserve && <ReserveCardPapers reserve={reserve} />}
      {reserve?.can_update && (!form.dirty || growing) && canReprice(perms) && (
        <RepriceButton
          reserve={reserve}
          offer={offer}
          terms={terms}
          settings={settings}
          amount={growing ? form.values.amount : undefined}
          onApply={reprice}
        />
      )}
    </Box>
  );

  const blockProps = { form, offer, readOnly, visible };
  // a lot whose required papers are missing or lapsed cannot legally ship: said before anyone reserves it
  const blocking = !reserve || reserve.status === 'active' ? (offer.documents_state?.blocking ?? []) : [];
  const about = (
    <>
      {blocking.length > 0 && (
        <Alert severity="warning" closable={false}>
          {DOCUMENT_MSG.reserveWarning(blocking)}
        </Alert>
      )}
      {growing && (
        <Alert severity="warning" closable={false}>
          {TERMS_MSG.grow}
        </Alert>
      )}
      <AboutBlock {...blockProps} hold={hold} available={(toNumber(offer.available_amount) ?? 0) + held} />
      <DeliveryBlock {...blockProps} onCity={(cityId) => void chooseCity(cityId)} />
      <ExtraBlock
        {...blockProps}
        responsibleLocked={responsibleLocked}
        picker={visible('buyer_id') && <BuyerPicker value={buyerValue} onPick={pickBuyer} disabled={readOnly} />}
      />
      <FiguresBlock
        values={form.values}
        offer={basis.offer}
        unitPrice={reserve ? reserve.unit_price : offer.unit_price}
        settings={basis.settings}
        visible={visible}
        routeCost={reserve?.route_delivery_cost}
      />
    </>
  );

  // a completed reserve is a sale the buyer owes; its payments, for a role that sees its selling sum
  const payments =
    reserve?.status === 'completed' && canSeePayments(perms)
      ? [
          {
            label: PAYMENT_TEXTS.tab,
            content: (
              <ReservePayments
                reserve={reserve}
                version={card.version!}
                onSaved={(saved) => card.setVersion(saved.version)}
                onError={save.setError}
                canDelete={hasFinance(perms)}
              />
            ),
          },
        ]
      : [];
  return (
    <>
      <CardForm
        card={card}
        form={form}
        valuesOf={valuesOf}
        header={header}
        tabs={[recordTab(RESERVE_TEXTS, reserve, about), ...payments]}
      />
      {creditRefusal !== null && (
        <CreditOverrideDialog
          message={creditRefusal}
          onClose={() => setCreditRefusal(null)}
          onConfirm={(reason) => {
            setCreditRefusal(null);
            overrideReason.current = reason;
            void form.submitForm();
          }}
        />
      )}
    </>
  );
}
