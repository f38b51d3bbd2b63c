// The offer's create and edit card (spec point 2 "Create offer", point 5 "Offer create" and derived values).
import { useMemo, useState } from 'react';
import { useFormik } from 'formik';
import { useLocation, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { offerFigures, unitWeightFor, UNIT_MEASURES } from '../../../domain/offers/figures';
import { hiddenOfferFormFields, offerSchema, OFFER_FIELD_VISIBILITY } from '../../../domain/offers/schema';
import { statusTitle } from '../../../domain/sections';
import { can, isFieldVisible } from '../../../domain/permissions';
import { usePermissionsQuery, useMeQuery } from '../../api/session';
import { useReferenceListQuery, type NamedRef } from '../../api/references';
import { useAddCommentMutation, useCommentsQuery, type CommentItem } from '../../api/records';
import { isApiError, type ApiError } from '../../api/errors';
import { CardShell, type SaveState } from '../../components/Card/CardShell';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { CommentsPanel, localComment } from '../../components/Card/CommentsPanel';
import { FilesBlock, type StoredFile } from '../../components/Card/FilesBlock';
import { ConfigurableField, useCardConfig } from '../../components/Card/FieldSettings';
import Button from '@mui/material/Button';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { useSmartBack } from '../../components/smartBack';
import { formatMoney, formatNumber } from '../../../domain/format';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';
import { useCreateOfferMutation, useOfferQuery, useUpdateOfferMutation, type OfferRecord } from './offersApi';

export const OFFER_TEXTS = {
  productPlaceholder: 'Выберите товар',
  about: 'О предложении',
  computed: 'Вычисленные данные',
  reservation: 'Резервирование',
  photos: 'Фото',
  documents: 'Документы',
  commentsTab: 'Комментарии',
  created: 'Предложение добавлен',
  saved: 'Изменения сохранены',
  creating: 'Создаем...',
  saving: 'Сохраняем...',
  conflict: 'Посмотреть предложение',
  deleted: 'Предложение удалено: его можно только просматривать',
} as const;

const LABELS: Record<string, string> = {
  supplier_id: 'Поставщик', variety_id: 'Сорт', packing_id: 'Упаковка', city_id: 'Город погрузки', harvest_year: 'Год урожая',
  origin_country: 'Страна происхождения', unit_measure: 'Единица измерения', unit_weight: 'Вес одной единицы, кг',
  units_per_pack: 'Единиц в упаковке', unit_amount: 'Количество', unit_price: 'Цена за единицу, ₽',
  warehouse_cost: 'Стоимость доставки на склад, ₽', loading_address: 'Адрес погрузки', status: 'Статус',
};

export interface OfferFormValues {
  product_id: string;
  supplier_id: string;
  variety_id: string;
  packing_id: string;
  city_id: string;
  harvest_year: string;
  origin_country: string;
  unit_measure: string;
  unit_weight: string;
  units_per_pack: string;
  unit_amount: string;
  unit_price: string;
  warehouse_cost: string;
  loading_address: string;
  status: string;
  comments: CommentItem[];
  images: StoredFile[];
  documents: StoredFile[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** Stored amounts come with 2 decimals; the form shows them without trailing zeros. */
const num = (v: unknown) => (v === null || v === undefined || v === '' ? '' : String(Number(v)));

function valuesOf(offer?: OfferRecord): OfferFormValues {
  return {
    product_id: str(offer?.product_id), supplier_id: str(offer?.supplier_id), variety_id: str(offer?.variety_id),
    packing_id: str(offer?.packing_id), city_id: str(offer?.city_id), harvest_year: str(offer?.harvest_year),
    origin_country: str(offer?.origin_country), unit_measure: str(offer?.unit_measure), unit_weight: num(offer?.unit_weight),
    units_per_pack: num(offer?.units_per_pack), unit_amount: num(offer?.unit_amount), unit_price: num(offer?.unit_price),
    warehouse_cost: num(offer?.warehouse_cost), loading_address: str(offer?.loading_address), status: offer?.status ?? 'active',
    comments: [], images: offer?.images ?? [], documents: offer?.documents ?? [],
  };
}

export function OfferCardScreen({ mode }: { mode: 'create' | 'edit' }) {
  const params = useParams();
  const location = useLocation();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const withDeleted = new URLSearchParams(location.search).has('withDeleted');
  const offer = useOfferQuery({ id: id ?? 0, withDeleted }, { skip: id === undefined });
  const perms = usePermissionsQuery();
  if (perms.isLoading || offer.isLoading) return <PageSpinner />;
  if (offer.error) return <Alert severity="error" closable={false}>{errorMessage(offer.error)}</Alert>;
  // remount on another record so the form starts from it
  return <OfferCard key={id ?? 'new'} mode={mode} offer={offer.data} />;
}

function OfferCard({ mode, offer }: { mode: 'create' | 'edit'; offer?: OfferRecord }) {
  const { data: perms } = usePermissionsQuery();
  const { data: me } = useMeQuery();
  const navigate = useNavigate();
  const [createOffer] = useCreateOfferMutation();
  const [updateOffer] = useUpdateOfferMutation();
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [fieldSettings, setFieldSettings] = useState(false);
  const cardConfig = useCardConfig('offers');
  const [error, setError] = useState<ApiError | null>(null);

  const visible = (field: string) => isFieldVisible(perms, 'offers', OFFER_FIELD_VISIBILITY[field] ?? field);
  const hidden = useMemo(() => hiddenOfferFormFields(perms), [perms]);
  const deleted = offer?.status === 'deleted';
  const readOnly = mode === 'edit' ? !offer?.can_update : !can(perms, 'offers', 'create');

  const products = useReferenceListQuery('products');
  const varieties = useReferenceListQuery('varieties');
  const packing = useReferenceListQuery('packing');
  const cities = useReferenceListQuery('cities', { skip: !visible('city_id') });
  const suppliers = useReferenceListQuery('suppliers', { skip: !visible('supplier_id') });

  const form = useFormik<OfferFormValues>({
    initialValues: valuesOf(offer),
    validationSchema: offerSchema(hidden),
    onSubmit: async (values, helpers) => {
      setError(null);
      setSaveState('sending');
      const payload: Record<string, unknown> = {};
      for (const key of Object.keys(LABELS).concat('product_id')) {
        if (!visible(key) || key === 'status') continue;
        const value = values[key as keyof OfferFormValues] as string;
        payload[key] = key.endsWith('_id') ? (value ? Number(value) : null) : value;
      }
      if (values.unit_measure === 'кг') payload.unit_weight = '1';
      payload.images = values.images.map((f) => f.id);
      payload.documents = values.documents.map((f) => f.id);
      try {
        if (mode === 'create') {
          payload.comments = values.comments.map((c) => ({ text: c.text }));
          const created = await createOffer(payload).unwrap();
          setSaveState('success');
          helpers.resetForm({ values: valuesOf() });
          navigate(`/offers/${created.id}`, { replace: true });
        } else {
          if (values.status !== offer!.status) payload.status = values.status;
          const saved = await updateOffer({ id: offer!.id, body: payload }).unwrap();
          helpers.resetForm({ values: valuesOf(saved) });
          setSaveState('success');
          setTimeout(() => setSaveState('idle'), 2000);
        }
      } catch (e) {
        setError(isApiError(e) ? e : { status: 'UNKNOWN', message: errorMessage(e) });
        setSaveState('idle');
      }
    },
  });
  const back = useSmartBack(() => form.resetForm());

  const figures = offerFigures(form.values);
  const fieldError = (name: keyof OfferFormValues) =>
    (form.touched[name] || form.submitCount > 0) && typeof form.errors[name] === 'string' ? (form.errors[name] as string) : undefined;
  const input = (name: keyof OfferFormValues, props: TextFieldProps = {}) => (
    <TextField
      key={name}
      name={name}
      label={LABELS[name]}
      value={form.values[name] as string}
      onChange={form.handleChange}
      onBlur={form.handleBlur}
      error={Boolean(fieldError(name))}
      helperText={fieldError(name)}
      disabled={readOnly}
      size="small"
      {...props}
    />
  );
  // every field but the header product can be hidden by the user in field settings mode
  const field = (name: keyof OfferFormValues, props: TextFieldProps = {}) =>
    name === 'product_id' ? (
      input(name, props)
    ) : (
      <ConfigurableField
        key={name}
        name={name}
        label={String(props.label ?? LABELS[name])}
        settingsMode={fieldSettings}
        // a field the user hid still shows while it holds an error, so a form never fails invisibly
        setting={{ is_visible: cardConfig.isVisible(name) || Boolean(fieldError(name)) }}
        onSave={(next) => void cardConfig.setField(name, next).catch((e) => setError(isApiError(e) ? e : null))}
      >
        {input(name, props)}
      </ConfigurableField>
    );
  const select = (name: keyof OfferFormValues, options: NamedRef[] | undefined, extra: TextFieldProps = {}) =>
    field(name, {
      select: true,
      ...extra,
      children: [
        <MenuItem key="" value=""><em>Не выбрано</em></MenuItem>,
        ...(options ?? []).map((o) => <MenuItem key={o.id} value={String(o.id)}>{o.name}</MenuItem>),
      ],
    });

  const productVarieties = (varieties.data ?? []).filter((v) => !form.values.product_id || String(v.product_id) === form.values.product_id);
  const computed = (label: string, value: number | null) => (
    <TextField key={label} label={label} value={value === null ? '' : value.toFixed(2)} size="small" slotProps={{ input: { readOnly: true } }} />
  );
  const shown = (label: string, value: string) => (
    <Box key={label}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Typography>{value}</Typography>
    </Box>
  );

  const comments = useCommentsQuery({ section: 'offers', id: offer?.id ?? 0 }, { skip: mode === 'create' });
  const [addComment, { isLoading: addingComment }] = useAddCommentMutation();

  // the header product is required: it is never hidden
  const header = select('product_id', products.data, {
    label: OFFER_TEXTS.productPlaceholder,
    fullWidth: true,
    size: 'medium',
    slotProps: { select: { displayEmpty: false } },
  });

  const about = (
    <>
      <InfoBlock title={OFFER_TEXTS.about}>
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <Button size="small" startIcon={<TuneOutlined />} variant={fieldSettings ? 'contained' : 'text'} onClick={() => setFieldSettings((on) => !on)}>
            {fieldSettings ? 'Готово' : 'Настроить поля'}
          </Button>
        </Box>
        {mode === 'edit' && field('status', { select: true, disabled: readOnly, children: (['active', 'completed'] as const).map((s) => <MenuItem key={s} value={s}>{statusTitle('offers', s)}</MenuItem>) })}
        {visible('supplier_id') && select('supplier_id', suppliers.data)}
        {select('variety_id', productVarieties)}
        {select('packing_id', packing.data)}
        {visible('city_id') && select('city_id', cities.data)}
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
        {form.values.unit_measure === 'шт' && field('unit_weight', { inputMode: 'decimal' } as TextFieldProps)}
        {field('units_per_pack', { inputMode: 'decimal' } as TextFieldProps)}
        {field('unit_amount', { inputMode: 'decimal' } as TextFieldProps)}
        {field('unit_price', { inputMode: 'decimal' } as TextFieldProps)}
        {visible('warehouse_cost') && field('warehouse_cost', { inputMode: 'decimal' } as TextFieldProps)}
        {visible('loading_address') && field('loading_address', { sx: { gridColumn: 'span 2' } })}
      </InfoBlock>
      <InfoBlock title={OFFER_TEXTS.computed}>
        {computed('Цена за кг', figures.kg_price)}
        {computed('Сумма', figures.total_sum)}
        {computed('Вес упаковки, кг', figures.pack_weight)}
        {computed('Количество упаковок', figures.packs_amount)}
      </InfoBlock>
      {offer && (
        <InfoBlock title={OFFER_TEXTS.reservation}>
          {shown('В резерве', formatNumber(offer.reserved_amount))}
          {shown('Сумма резервов', formatMoney(offer.reserved_sum))}
          {shown('Выкуплено', formatNumber(offer.purchased_amount))}
          {shown('Доступно', formatNumber(offer.available_amount))}
          {shown('Доступно на сумму', formatMoney(offer.available_sum))}
        </InfoBlock>
      )}
      <InfoBlock title={OFFER_TEXTS.photos}>
        <FilesBlock kind="image" files={form.values.images} disabled={readOnly} onUploaded={(f) => void form.setFieldValue('images', [...form.values.images, { id: f.id, url: f.url, name: f.name, alt: f.name }])} />
      </InfoBlock>
      <InfoBlock title={OFFER_TEXTS.documents}>
        <FilesBlock kind="document" files={form.values.documents} disabled={readOnly} onUploaded={(f) => void form.setFieldValue('documents', [...form.values.documents, { id: f.id, url: f.url, name: f.name }])} />
      </InfoBlock>
    </>
  );

  const commentsTab =
    mode === 'create' ? (
      <CommentsPanel
        comments={form.values.comments}
        canAddComment={!readOnly}
        onAdd={(text) => void form.setFieldValue('comments', [...form.values.comments, localComment(text, me?.name)])}
      />
    ) : (
      <CommentsPanel
        comments={comments.data ?? []}
        canAddComment={Boolean(offer?.can_update)}
        busy={addingComment}
        onAdd={async (text) => {
          await addComment({ section: 'offers', id: offer!.id, text }).unwrap().catch((e) => setError(isApiError(e) ? e : null));
        }}
      />
    );

  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void form.submitForm(); }}>
      <CardShell
        header={header}
        onBack={back}
        dirty={form.dirty}
        saveState={saveState}
        onSave={() => void form.submitForm()}
        sendingLabel={mode === 'create' ? OFFER_TEXTS.creating : OFFER_TEXTS.saving}
        successLabel={mode === 'create' ? OFFER_TEXTS.created : OFFER_TEXTS.saved}
        error={error}
        onErrorClose={() => setError(null)}
        conflictLabel={OFFER_TEXTS.conflict}
        listPath="/offers"
        deleted={deleted}
        deletedText={OFFER_TEXTS.deleted}
        readOnly={readOnly}
        tabs={[
          { label: mode === 'create' ? 'Новое предложение' : `Предложение № ${offer?.id}`, content: about },
          { label: OFFER_TEXTS.commentsTab, content: commentsTab },
        ]}
      />
    </Box>
  );
}
