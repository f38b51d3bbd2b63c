// The create and edit card of a record, as the employees, suppliers, products and cities share it (spec
// point 2 "Creation cards"): the header name, Save once changed ('Сохранить' → 'Создаем...' → the section's
// success label), the server's error with the duplicate's link, the status and the deleted mark, field
// settings, the comments tab and smart back. A section gives its form model and its tabs; the shared yup
// schema checks what would be sent, exactly as the server will.
import { useState, type ReactNode } from 'react';
import { useFormik, yupToFormErrors, type FormikProps } from 'formik';
import { useLocation, useParams } from 'react-router';
import type { AnyObjectSchema } from 'yup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { can } from '../../../domain/permissions';
import { statusTitle, type Section } from '../../../domain/sections';
import { useMeQuery, usePermissionsQuery } from '../../api/session';
import { useCreateRecordMutation, useRecordQuery, useUpdateRecordMutation, type CardPayload, type CardRecord } from '../../api/cards';
import { errorMessage, type ApiError } from '../../api/errors';
import { Alert } from '../Alert';
import { StatusBadge } from '../DataTable/StatusBadge';
import { CardShell, type CardTab } from './CardShell';
import { CardForm, CARD_TEXTS, useCardSave, type CardMode, type CardValues } from './CardForm';
import { HeaderNameField } from './HeaderNameField';
import { useCardConfig } from './FieldSettings';
import { cardInputs, type CardInputs } from './cardInputs';

export { CARD_TEXTS, type CardMode, type CardValues };

export interface CardTexts {
  /** The header's placeholder: 'Введите название города'. */
  placeholder: string;
  /** The success label of a create card: 'Город добавлен'. */
  created: string;
  deleted?: string;
}

/** What a section's tabs are drawn with. */
export interface CardContext<V extends CardValues> {
  form: FormikProps<V>;
  inputs: CardInputs<V>;
  mode: CardMode;
  record?: CardRecord;
  readOnly: boolean;
  /** The 'Настроить поля' switch, for the block that holds the configurable fields. */
  settingsButton: ReactNode;
  onError(error: ApiError | null): void;
}

export interface RecordCardProps<V extends CardValues> {
  section: Section;
  mode: CardMode;
  record?: CardRecord;
  texts: CardTexts;
  /** The field the header edits ('name', 'full_name'). */
  nameField: keyof V & string;
  labels: Record<string, string>;
  valuesOf(record?: CardRecord): V;
  /** What a save sends (without comments); the shared schema checks exactly this. */
  payloadOf(values: V, mode: CardMode): CardPayload;
  schema: AnyObjectSchema;
  /** The section's tabs, before 'Комментарии'. */
  tabs(card: CardContext<V>): CardTab[];
  /** An edit card's save of what the record's PATCH does not carry (a city's delivery rows). */
  saveMore?(record: CardRecord, values: V, initial: V): Promise<void>;
}

/** Loads the record of an edit card (with ?withDeleted as the link asked) and the caller's rights. */
export function RecordCardScreen({ section, mode, children }: { section: Section; mode: CardMode; children(record?: CardRecord): ReactNode }) {
  const params = useParams();
  const location = useLocation();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const withDeleted = new URLSearchParams(location.search).has('withDeleted');
  const record = useRecordQuery({ section, id: id ?? 0, withDeleted }, { skip: id === undefined });
  const perms = usePermissionsQuery();
  if (perms.isLoading || record.isLoading) return <CardSkeleton />;
  if (record.error) return <Alert severity="error" closable={false}>{errorMessage(record.error)}</Alert>;
  // remount on another record so the form starts from it
  return <Box key={id ?? 'new'}>{children(record.data)}</Box>;
}

function CardSkeleton() {
  return <CardShell loading header={null} onBack={() => undefined} dirty={false} saveState="idle" onSave={() => undefined} sendingLabel="" successLabel="" conflictLabel="" listPath="" tabs={[]} />;
}

export function RecordCard<V extends CardValues>(props: RecordCardProps<V>) {
  const { section, mode, record, texts, nameField, labels, valuesOf, payloadOf, schema, saveMore } = props;
  const { data: perms } = usePermissionsQuery();
  const { data: me } = useMeQuery();
  const [createRecord] = useCreateRecordMutation();
  const [updateRecord] = useUpdateRecordMutation();
  const save = useCardSave<V>(section);
  const [fieldSettings, setFieldSettings] = useState(false);
  const cardConfig = useCardConfig(section);
  const readOnly = mode === 'edit' ? !record?.can_update : !can(perms, section, 'create');

  const form = useFormik<V>({
    initialValues: valuesOf(record),
    validate: async (values) => {
      try {
        await schema.validate(payloadOf(values, mode), { abortEarly: false });
        return {};
      } catch (e) {
        return yupToFormErrors(e);
      }
    },
    onSubmit: (values, helpers) => save.save(helpers, async () => {
      if (mode === 'create') {
        const body = { ...payloadOf(values, mode), comments: values.comments.map((c) => ({ text: c.text })) };
        return { created: (await createRecord({ section, body }).unwrap()).id };
      }
      const initial = form.initialValues;
      const body = payloadOf(values, mode);
      let saved = record!;
      if (JSON.stringify(body) !== JSON.stringify(payloadOf(initial, mode))) saved = await updateRecord({ section, id: record!.id, body }).unwrap();
      await saveMore?.(saved, values, initial);
      return { saved: valuesOf(saved) };
    }),
  });

  const inputs = cardInputs(form, {
    labels,
    readOnly,
    fieldSettings,
    isVisible: cardConfig.isVisible,
    setField: (name, next) => void cardConfig.setField(name, next).catch(save.failed),
    fixed: [nameField],
  });

  const settingsButton = (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
      <Button size="small" startIcon={<TuneOutlined />} variant={fieldSettings ? 'contained' : 'text'} onClick={() => setFieldSettings((on) => !on)}>
        {fieldSettings ? CARD_TEXTS.settingsDone : CARD_TEXTS.settings}
      </Button>
    </Box>
  );

  const header = (
    <Box>
      <HeaderNameField
        value={String(form.values[nameField] ?? '')}
        placeholder={texts.placeholder}
        error={inputs.fieldError(nameField)}
        disabled={readOnly}
        onChange={(value) => void form.setFieldValue(nameField, value)}
        onBlur={() => void form.setFieldTouched(nameField, true)}
      />
      {record && (
        <Typography component="div" variant="body2" color="text.secondary" sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'center' }}>
          {`${CARD_TEXTS.status}:`} <StatusBadge status={record.status} title={statusTitle(section, record.status)} />
          {`№ ${record.id}`}
        </Typography>
      )}
    </Box>
  );

  const context: CardContext<V> = { form, inputs, mode, record, readOnly, settingsButton, onError: save.setError };

  return (
    <CardForm
      section={section}
      mode={mode}
      form={form}
      save={save}
      header={header}
      record={record}
      createdText={texts.created}
      deletedText={texts.deleted}
      readOnly={readOnly}
      authorName={me?.name}
      tabs={props.tabs(context)}
    />
  );
}
