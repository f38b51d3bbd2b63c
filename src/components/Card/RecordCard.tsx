// The create and edit card of a record, as the employees, suppliers, products and cities share it (spec
// point 2 "Creation cards"): the header name, Save once changed ('Сохранить' → 'Создаем...' → the section's
// success label), the server's error with the duplicate's link, the status and the deleted mark, field
// settings, the comments tab and smart back. A section declares its card once (RecordCardDef) and gives its
// tabs; the shared yup schema checks what would be sent, exactly as the server will.
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useFormik, yupToFormErrors, type FormikProps } from 'formik';
import { useLocation, useParams } from 'react-router';
import type { AnyObjectSchema } from 'yup';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { hiddenCardFields, cardPayload } from '../../../domain/schemas/card';
import { editableNumber } from '../../../domain/format';
import { decimalsOf, referencesOf, visibilityOf, type FormField } from '../../../domain/fields';
import { statusTitle, type Section } from '../../../domain/sections';
import { usePermissionsQuery } from '../../api/session';
import { useSectionRecordQuery, type CardPayload, type CardRecord } from '../../api/cards';
import { errorMessage, type ApiError } from '../../api/errors';
import { Alert } from '../Alert';
import { StatusBadge } from '../DataTable/StatusBadge';
import { CardShell, type CardTab } from './CardShell';
import { CardForm, CARD_TEXTS, recordTab, useCardBase, type CardMode, type CardValues } from './CardForm';
import { HeaderNameField } from './HeaderNameField';
import { FieldSettingsButton, useCardConfig } from './FieldSettings';
import { cardInputs, type CardInputs } from './cardInputs';

export { CARD_TEXTS, recordTab, type CardMode, type CardValues };

export interface CardTexts {
  /** The header's placeholder: 'Введите название города'. */
  placeholder: string;
  /** The success label of a create card: 'Город добавлен'. */
  created: string;
  deleted?: string;
}

/** A card's form fields sent as typed (cardPayload), each left out where the caller's role may not see it. */
export interface CardFields {
  names: readonly string[];
  /** The name the hiding rules use for a field, where it differs (a supplier's city_id: 'city'). */
  visibleAs?: Record<string, string>;
  /** The fields chosen in a select: sent as a number, or null when none is chosen. */
  references?: readonly string[];
  /** Money and amounts (decimalsOf): shown with the Russian comma, sent with a point. */
  decimals?: readonly string[];
}

/** The values of a card whose fields are all typed or chosen as text. */
export type FieldValues<F extends string> = Record<F, string> & CardValues;

/** A card's values from its record: each field as the form holds it, '' where the record has none. */
export function fieldValues<F extends string>(
  names: readonly F[],
  record?: CardRecord,
  decimals: readonly string[] = [],
): FieldValues<F> {
  const values = Object.fromEntries(
    names.map((name) => [
      name,
      record?.[name] === null || record?.[name] === undefined
        ? ''
        : decimals.includes(name)
          ? editableNumber(record[name])
          : String(record[name]),
    ]),
  );
  return { ...(values as Record<F, string>), comments: [] };
}

/** What a section's card is made of, declared once beside it. */
export interface RecordCardDef<V extends CardValues> {
  section: Section;
  texts: CardTexts;
  /** The field the header edits ('name', 'full_name'). */
  nameField: keyof V & string;
  labels?: Record<string, string>;
  valuesOf(record?: CardRecord): V;
  /** What a save sends (without comments): payloadOf's answer, or else each of `fields` the role sees and `more`'s. */
  payloadOf?(values: V, mode: CardMode): CardPayload;
  /** What a save sends beside the fields: a section's own parts (a new product's varieties, a new city's routes). */
  more?(values: V, mode: CardMode): CardPayload;
  fields?: CardFields;
  /** The shared schema; it checks exactly what a save sends, asking nothing of the fields hidden from the role. */
  schema(hidden: ReadonlySet<string>): AnyObjectSchema;
}

/**
 * The card of a section whose form is its resource's form fields (domain/<section>/resource.ts): their labels, what a
 * save sends, which are chosen in a select or typed as decimals, and the values read from the record, all derived
 * from the fields.
 */
export function resourceCard<K extends string>({
  fields,
  ...def
}: Pick<RecordCardDef<FieldValues<K>>, 'section' | 'texts' | 'nameField' | 'schema'> & {
  fields: readonly FormField<K>[];
}): RecordCardDef<FieldValues<K>> {
  const names = fields.map((f) => f.key);
  const decimals = decimalsOf(fields);
  return {
    ...def,
    labels: Object.fromEntries(fields.map((f) => [f.key, f.label])),
    valuesOf: (record) => fieldValues(names, record, decimals),
    fields: { names, visibleAs: visibilityOf(fields), references: referencesOf(fields), decimals },
  };
}

/** What a section's tabs are drawn with. */
export interface CardContext<V extends CardValues> {
  form: FormikProps<V>;
  inputs: CardInputs<V>;
  mode: CardMode;
  record?: CardRecord;
  readOnly: boolean;
  /** The fields the caller's role may not see: not on the card. */
  hidden: ReadonlySet<string>;
  /** The 'Настроить поля' switch, for the block that holds the configurable fields. */
  settingsButton: ReactNode;
  onError(error: ApiError | null): void;
  /** A change of the saved record outside the form (a product's status), sent with the form's version. */
  update(body: CardPayload): Promise<CardRecord>;
  /** A write of the saved record's part outside the form (a product's varieties), sent with the form's version (none
   * where the record came without one): once answered, the record is a version on (server/records/pipeline.ts,
   * recordPartWrite), and the form goes on from it. */
  writePart<T>(write: (version: number | undefined) => Promise<T>): Promise<T>;
}

/** What a card screen hands its card: the mode and, on an edit card, the record. */
export interface RecordCardScreenProps {
  mode: CardMode;
  record?: CardRecord;
}

export interface RecordCardProps<V extends CardValues> extends RecordCardScreenProps {
  def: RecordCardDef<V>;
  /** The section's tabs, before 'Комментарии'. */
  tabs(card: CardContext<V>): CardTab[];
  /** An edit card's save of what the record's PATCH does not carry (a city's delivery rows), on the record's version
   * the form holds (`record.version`, after the PATCH's when there was one): answers the version the record has
   * after it, where it wrote. */
  saveMore?(record: CardRecord, values: V, initial: V): Promise<number | void>;
}

/** The fields of a card the caller's role may not see (none where the card names no hidden-able fields). */
export function useHiddenFields({
  section,
  fields,
}: Pick<RecordCardDef<CardValues>, 'section' | 'fields'>): ReadonlySet<string> {
  const { data: perms } = usePermissionsQuery();
  return useMemo(
    () => hiddenCardFields(perms, section, fields?.names ?? [], fields?.visibleAs),
    [perms, section, fields],
  );
}

/** What every card screen loads: the record of an edit card (with ?withDeleted as the link asked) and the caller's
 * rights; `search` is the screen's query string (a new reserve's ?offer=). */
export function useCardRecord<R extends { id: number } = CardRecord>(section: Section, mode: CardMode) {
  const params = useParams();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const record = useSectionRecordQuery<R>(
    { section, id: id ?? 0, withDeleted: search.has('withDeleted') },
    { skip: id === undefined },
  );
  const perms = usePermissionsQuery();
  return { id, search, record, perms };
}

/** Draws a card once its record and the caller's rights are loaded. */
export function RecordCardScreen<R extends { id: number } = CardRecord>({
  section,
  mode,
  children,
}: {
  section: Section;
  mode: CardMode;
  children(record?: R): ReactNode;
}) {
  const { id, record, perms } = useCardRecord<R>(section, mode);
  if (perms.isLoading || record.isLoading) return <CardSkeleton />;
  // a read again that fails (the record deleted meanwhile) keeps the card and what was typed in it
  if (record.error && !record.data)
    return (
      <Alert severity="error" closable={false}>
        {errorMessage(record.error)}
      </Alert>
    );
  // remount on another record so the form starts from it
  return <Box key={id ?? 'new'}>{children(record.data)}</Box>;
}

/** A section's card screen: its card, drawn once the record and the caller's rights are loaded. */
export function recordCardScreen(section: Section, Card: ComponentType<RecordCardScreenProps>) {
  return function CardScreen({ mode }: { mode: CardMode }) {
    return (
      <RecordCardScreen section={section} mode={mode}>
        {(record) => <Card mode={mode} record={record} />}
      </RecordCardScreen>
    );
  };
}

function CardSkeleton() {
  return (
    <CardShell
      loading
      header={null}
      onBack={() => undefined}
      dirty={false}
      saveState="idle"
      onSave={() => undefined}
      sendingLabel=""
      successLabel=""
      conflictLabel=""
      listPath=""
      tabs={[]}
    />
  );
}

export function RecordCard<V extends CardValues>({ def, mode, record, tabs, saveMore }: RecordCardProps<V>) {
  const { section, texts, nameField, valuesOf } = def;
  const card = useCardBase<V, CardRecord>(section, mode, record, texts);
  const { save, readOnly } = card;
  const hidden = useHiddenFields(def);
  const schema = useMemo(() => def.schema(hidden), [def, hidden]);
  const payloadOf = (values: V, saving: CardMode): CardPayload =>
    def.payloadOf
      ? def.payloadOf(values, saving)
      : {
          ...cardPayload(
            values as unknown as Record<string, unknown>,
            def.fields?.names ?? [],
            hidden,
            def.fields?.references,
            def.fields?.decimals,
          ),
          ...def.more?.(values, saving),
        };
  const [fieldSettings, setFieldSettings] = useState(false);
  const cardConfig = useCardConfig(section);

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
    onSubmit: (values, helpers) =>
      save.save(helpers, async () => {
        if (mode === 'create') {
          const body = { ...payloadOf(values, mode), comments: values.comments.map((c) => ({ text: c.text })) };
          return { created: (await card.create(body)).id };
        }
        const initial = form.initialValues;
        const body = payloadOf(values, mode);
        let saved: CardRecord = { ...record!, version: card.version! };
        if (JSON.stringify(body) !== JSON.stringify(payloadOf(initial, mode))) saved = await card.update(body);
        const after = await saveMore?.(saved, values, initial);
        if (typeof after === 'number') card.setVersion(after);
        return { saved: valuesOf(saved) };
      }),
  });

  const inputs = cardInputs(form, {
    labels: def.labels ?? {},
    readOnly,
    fieldSettings,
    isVisible: cardConfig.isVisible,
    setField: (name, next) => void cardConfig.setField(name, next).catch(save.failed),
    fixed: [nameField],
    hidden,
  });

  const settingsButton = <FieldSettingsButton on={fieldSettings} onToggle={() => setFieldSettings((on) => !on)} />;

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
        <Typography
          component="div"
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'center' }}
        >
          {`${CARD_TEXTS.status}:`} <StatusBadge status={record.status} title={statusTitle(section, record.status)} />
          {`№ ${record.id}`}
        </Typography>
      )}
    </Box>
  );

  const writePart = async <T,>(write: (version: number | undefined) => Promise<T>): Promise<T> => {
    const sent = card.version;
    const answer = await write(sent);
    if (sent !== undefined) card.setVersion(sent + 1);
    return answer;
  };
  const context: CardContext<V> = {
    form,
    inputs,
    mode,
    record,
    readOnly,
    hidden,
    settingsButton,
    onError: save.setError,
    update: card.update,
    writePart,
  };

  return <CardForm card={card} form={form} valuesOf={valuesOf} header={header} tabs={tabs(context)} />;
}
