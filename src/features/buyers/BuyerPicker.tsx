// The buyer picker: one field that searches the buyers list by name, INN or phone (the list's `search`
// filter, within the caller's scope of buyers) and hands back the buyer chosen, with the name, phone, city and
// delivery address a reserve (or a quote) fills from it; 'Новый покупатель' makes a buyer in a dialog drawn with the
// buyer card's own fields and checked by its shared schema, without leaving the page. Published to the reserves and
// quote features (eslint.config.js lets them import this file of the buyers feature, and only this one).
import { useEffect, useMemo, useState } from 'react';
import { useFormik, yupToFormErrors } from 'formik';
import { Link as RouterLink } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { can } from '../../../domain/permissions';
import { formatPhone } from '../../../domain/format';
import { decimalsOf, referencesOf } from '../../../domain/fields';
import { cardPayload } from '../../../domain/schemas/card';
import { BUYER_FIELDS } from '../../../domain/buyers/resource';
import { BUYER_FILL_KEYS, type BuyerFillKey } from '../../../domain/reserves/buyerFields';
import { BUYER_FORM_FIELDS } from '../../../domain/buyers/schema';
import { usePermissionsQuery } from '../../api/session';
import { useListQuery } from '../../api/lists';
import { errorMessage, isApiError, type ApiError } from '../../api/errors';
import { useCreateRecordMutation, type CardRecord } from '../../api/cards';
import { Alert } from '../../components/Alert';
import { cardInputs } from '../../components/Card/cardInputs';
import { useHiddenFields } from '../../components/Card/RecordCard';
import { BUYER_CARD, BuyerFields } from './BuyerCard';

export const BUYER_PICKER_TEXTS = {
  label: 'Карточка покупателя',
  placeholder: 'Название, ИНН или телефон',
  noOptions: 'Покупатели не найдены',
  loading: 'Ищем...',
  inn: 'ИНН',
  add: 'Новый покупатель',
  dialogTitle: 'Новый покупатель',
  name: 'Название',
  create: 'Добавить',
  creating: 'Добавляем...',
  cancel: 'Отмена',
  existing: 'Посмотреть покупателя',
} as const;

/** How long the picker waits after the last key before it asks the server. */
const SEARCH_DELAY_MS = 250;
const PAGE = 20;

/** A buyer as the picker hands it back: what a reserve fills from it (its buyer's fields, BUYER_FILL_KEYS: the name,
 * the phone's digits 79123456789, the delivery address; its city), with the INN the option shows. */
export type PickedBuyer = Record<Exclude<BuyerFillKey, 'name'>, string | null> & {
  id: number;
  name: string;
  inn: string | null;
  city_id: number | null;
};

const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/** A buyers list row ({city: {id, name}}) or a buyer's card record ({city_id}) as the picker hands it back. */
export function pickedOf(row: Record<string, unknown>): PickedBuyer {
  const city = row.city as { id?: number } | null | undefined;
  const cityId = row.city_id ?? city?.id;
  return {
    ...(Object.fromEntries(BUYER_FILL_KEYS.map((key) => [key, text(row[key])])) as Record<BuyerFillKey, string | null>),
    id: Number(row.id),
    name: String(row.name ?? ''),
    inn: text(row.inn),
    city_id: cityId === null || cityId === undefined || cityId === '' ? null : Number(cityId),
  };
}

export interface BuyerPickerProps {
  /** The buyer chosen now ({id, name} as a saved record carries it), or none. */
  value: { id: number; name: string } | null;
  /** A buyer chosen (from the list or just made), or the choice cleared. */
  onPick(buyer: PickedBuyer | null): void;
  disabled?: boolean;
  label?: string;
}

/** The picker, with 'Новый покупатель' beside it for a role that may make buyers. Not drawn for a role that reads
 * no buyers. */
export function BuyerPicker({ value, onPick, disabled = false, label = BUYER_PICKER_TEXTS.label }: BuyerPickerProps) {
  const { data: perms } = usePermissionsQuery();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const readable = can(perms, 'buyers', 'read');
  const query = `${search ? `search=${encodeURIComponent(search)}&` : ''}perPage=${PAGE}&sort=name&order=asc`;
  const list = useListQuery({ section: 'buyers', query }, { skip: !readable || !open || disabled });
  const options = useMemo(
    () => (list.data?.data ?? []).map((row) => pickedOf(row as unknown as Record<string, unknown>)),
    [list.data],
  );
  if (!readable) return null;
  // the value as an option: a saved record's {id, name} until the list brings the whole row
  const chosen = value ? (options.find((o) => o.id === value.id) ?? pickedOf(value)) : null;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', gridColumn: '1 / -1' }}>
      <Autocomplete<PickedBuyer>
        size="small"
        sx={{ flex: 1, minWidth: 260 }}
        options={options}
        value={chosen}
        disabled={disabled}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        loading={list.isFetching}
        loadingText={BUYER_PICKER_TEXTS.loading}
        noOptionsText={list.error ? errorMessage(list.error) : BUYER_PICKER_TEXTS.noOptions}
        // the server filters (name, INN or the phone's digits): the options are shown as they come
        filterOptions={(found) => found}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onInputChange={(_, next, reason) => {
          if (reason === 'input' || reason === 'clear') setTyped(next);
        }}
        onChange={(_, next) => onPick(next)}
        renderOption={({ key, ...props }, o) => (
          <li key={key} {...props}>
            <Box>
              <Typography variant="body2">{o.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {[o.inn && `${BUYER_PICKER_TEXTS.inn} ${o.inn}`, o.phone && formatPhone(o.phone)]
                  .filter(Boolean)
                  .join(', ')}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(params) => <TextField {...params} label={label} placeholder={BUYER_PICKER_TEXTS.placeholder} />}
      />
      {!disabled && can(perms, 'buyers', 'create') && (
        <Button variant="outlined" onClick={() => setAdding(true)} sx={{ whiteSpace: 'nowrap' }}>
          {BUYER_PICKER_TEXTS.add}
        </Button>
      )}
      {adding && (
        <NewBuyerDialog
          name={typed.trim()}
          onClose={() => setAdding(false)}
          onCreated={(buyer) => {
            setAdding(false);
            onPick(buyer);
          }}
        />
      )}
    </Box>
  );
}

type BuyerValues = ReturnType<typeof BUYER_CARD.valuesOf>;
const REFERENCES = referencesOf(BUYER_FIELDS);
const DECIMALS = decimalsOf(BUYER_FIELDS);
const LABELS: Record<string, string> = BUYER_CARD.labels ?? {};

/** 'Новый покупатель': the buyer card's fields, checked as the card checks them; the server's refusal (a duplicate
 * INN with the link to the buyer that has it) is shown and what was typed stays. */
export function NewBuyerDialog({
  name,
  onClose,
  onCreated,
}: {
  name: string;
  onClose(): void;
  onCreated(buyer: PickedBuyer): void;
}) {
  const hidden = useHiddenFields(BUYER_CARD);
  const schema = useMemo(() => BUYER_CARD.schema(hidden), [hidden]);
  const [createRecord] = useCreateRecordMutation();
  const [error, setError] = useState<ApiError | null>(null);
  const payloadOf = (values: BuyerValues) =>
    cardPayload(values as unknown as Record<string, unknown>, BUYER_FORM_FIELDS, hidden, REFERENCES, DECIMALS);
  const form = useFormik<BuyerValues>({
    initialValues: { ...BUYER_CARD.valuesOf(), name },
    validate: async (values) => {
      try {
        await schema.validate(payloadOf(values), { abortEarly: false });
        return {};
      } catch (e) {
        return yupToFormErrors(e);
      }
    },
    onSubmit: async (values) => {
      setError(null);
      try {
        const created = await createRecord({
          section: 'buyers',
          body: { ...payloadOf(values), comments: [] },
        }).unwrap();
        onCreated(pickedOf(created as CardRecord));
      } catch (e) {
        setError(isApiError(e) ? e : { status: 'UNKNOWN', message: errorMessage(e) });
      }
    },
  });
  const inputs = cardInputs(form, {
    labels: LABELS,
    readOnly: false,
    fieldSettings: false,
    isVisible: () => true,
    setField: () => undefined,
    fixed: BUYER_FORM_FIELDS,
    hidden,
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="new-buyer-title">
      {/* the dialog sits in the reserve card's form in React's tree: its submit must not reach the card's */}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          void form.submitForm();
        }}
      >
        <DialogTitle id="new-buyer-title">{BUYER_PICKER_TEXTS.dialogTitle}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" closable={false}>
              {error.message}
              {error.entityId !== undefined && (
                <>
                  {' '}
                  <Link component={RouterLink} to={`/buyers/${error.entityId}`} target="_blank">
                    {BUYER_PICKER_TEXTS.existing}
                  </Link>
                </>
              )}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}>
            {inputs.field('name', { label: BUYER_PICKER_TEXTS.name, required: true, autoFocus: true })}
            <BuyerFields inputs={inputs} form={form} hidden={hidden} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{BUYER_PICKER_TEXTS.cancel}</Button>
          <Button type="submit" variant="contained" disabled={form.isSubmitting}>
            {form.isSubmitting ? BUYER_PICKER_TEXTS.creating : BUYER_PICKER_TEXTS.create}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
