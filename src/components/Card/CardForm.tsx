// What every record card does around its own fields (spec point 2 "Creation cards"): the save states
// ('Сохранить' → 'Создаем...'/'Сохраняем...' → the success label), the server's error with the conflicting
// record's link, smart back, the deleted mark, the 'Комментарии' tab and a saved record's 'История'. The generic
// RecordCard, the offer card and the reserve card all take their rights, their record's writes (one endpoint set,
// src/api/cards.ts, each change sent with the version the form holds) and save from useCardBase and draw through
// CardForm, so these behave alike everywhere, down to a change refused as stale (StaleAlert).
import { useEffect, useState, type ReactNode } from 'react';
import type { FormikErrors, FormikHelpers, FormikProps, FormikTouched } from 'formik';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import { can } from '../../../domain/permissions';
import { SECTION, type Section } from '../../../domain/sections';
import { useMeQuery, usePermissionsQuery } from '../../api/session';
import type { CommentItem } from '../../api/records';
import { errorMessage, isApiError, type ApiError } from '../../api/errors';
import { useCreateRecordMutation, useUpdateRecordMutation, type CardPayload, type RecordBase } from '../../api/cards';
import { useSmartBack } from '../smartBack';
import { CardShell, type CardTab, type SaveState } from './CardShell';
import { RecordComments } from './RecordComments';
import { RecordHistory } from './RecordHistory';
import { ChangedAlert } from './ChangedAlert';
import { StaleAlert } from './StaleAlert';
import { HISTORY_TEXTS } from '../../../domain/history';
import { RESTORE_MSG } from '../../../domain/bulk';
import { useRestoreRecordMutation } from '../../api/bulk';

export type CardMode = 'create' | 'edit';

export const CARD_TEXTS = {
  creating: 'Создаем...',
  saving: 'Сохраняем...',
  saved: 'Изменения сохранены',
  commentsTab: 'Комментарии',
  settings: 'Настроить поля',
  settingsDone: 'Готово',
  status: 'Статус',
} as const;

/** What a save did: made a record (the card moves to it) or saved one (the form starts from what came back). */
export type SaveOutcome<V> = { created: number } | { saved: V };

const SUCCESS_SHOWN_MS = 2000;

/**
 * The save of a card. A create moves to the new record's card, which shows the create's success label for a
 * moment (the route state carries it across the remount); an edit shows 'Изменения сохранены' for a moment.
 * A failure keeps what the user typed and shows the server's message; a stale one also what changed (CardForm).
 */
export function useCardSave<V>(section: Section) {
  const navigate = useNavigate();
  const location = useLocation();
  const justCreated = Boolean((location.state as { created?: boolean } | null)?.created);
  const [saveState, setSaveState] = useState<SaveState>(justCreated ? 'success' : 'idle');
  const [lastSave, setLastSave] = useState<'created' | 'saved'>(justCreated ? 'created' : 'saved');
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    if (saveState !== 'success') return undefined;
    const timer = setTimeout(() => setSaveState('idle'), SUCCESS_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [saveState]);

  const failed = (e: unknown) => setError(isApiError(e) ? e : { status: 'UNKNOWN', message: errorMessage(e) });

  const save = async (helpers: FormikHelpers<V>, work: () => Promise<SaveOutcome<V>>) => {
    setError(null);
    setSaveState('sending');
    try {
      const outcome = await work();
      if ('created' in outcome) {
        setLastSave('created');
        setSaveState('success');
        helpers.resetForm();
        navigate(`/${section}/${outcome.created}`, {
          replace: true,
          state: { ...(location.state as object | null), created: true },
        });
      } else {
        helpers.resetForm({ values: outcome.saved });
        setLastSave('saved');
        setSaveState('success');
      }
    } catch (e) {
      failed(e);
      setSaveState('idle');
      // the server's refusal field by field: each message under its own field, as the card's own check
      if (isApiError(e) && e.fields) {
        helpers.setErrors(e.fields as FormikErrors<V>);
        helpers.setTouched(Object.fromEntries(Object.keys(e.fields).map((f) => [f, true])) as FormikTouched<V>, false);
      }
    }
  };

  return { saveState, lastSave, error, setError, failed, save };
}

export type CardSave<V> = ReturnType<typeof useCardSave<V>>;

/** Every card's form holds the comments typed before the record exists. */
export interface CardValues {
  comments: CommentItem[];
}

/** A card's own texts: the success label of a create ('Предложение добавлен') and the deleted mark. */
export interface CardFormTexts {
  created: string;
  deleted?: string;
}

/** The saved record a card shows; none on a create card. */
export type CardFormRecord = RecordBase;

/**
 * What every card holds besides its form and fields: its section and mode, the record, its texts, the caller
 * and their rights, the save, whether the card may be changed at all, and the record's writes.
 *
 * `version` is the version of the record the form was loaded from (or last saved or loaded again): every change
 * is sent with it, never with the version of a record read since (after a stale answer the record is read again,
 * and the form keeps what the user typed until they load the current version).
 */
export function useCardBase<V, R extends CardFormRecord = CardFormRecord>(
  section: Section,
  mode: CardMode,
  record: R | undefined,
  texts: CardFormTexts,
) {
  const { data: perms } = usePermissionsQuery();
  const { data: me } = useMeQuery();
  const save = useCardSave<V>(section);
  const [version, setVersion] = useState(record?.version);
  const [createRecord] = useCreateRecordMutation();
  const [updateRecord] = useUpdateRecordMutation();
  const readOnly = mode === 'edit' ? !record?.can_update : !can(perms, section, 'create');

  /** A new record: the card moves to it. */
  const create = async (body: CardPayload) => (await createRecord({ section, body }).unwrap()) as unknown as R;
  /** A change of the card's record, made on `version`; what comes back is the version the form goes on from. */
  const update = async (body: CardPayload) => {
    const saved = (await updateRecord({ section, id: record!.id, version: version!, body }).unwrap()) as unknown as R;
    setVersion(saved.version);
    return saved;
  };
  return { section, mode, record, texts, perms, me, save, readOnly, version, setVersion, create, update };
}

export type CardBase<V, R extends CardFormRecord = CardFormRecord> = ReturnType<typeof useCardBase<V, R>>;

/** The titles of a card's main tab: 'Новый сотрудник' on a create card, 'Сотрудник № 12' on a saved one. */
export interface RecordTitles {
  title: string;
  newTitle: string;
}

export const recordTab = (titles: RecordTitles, record: { id: number } | undefined, content: ReactNode): CardTab => ({
  label: record ? `${titles.title} № ${record.id}` : titles.newTitle,
  content,
});

export interface CardFormProps<V extends CardValues, R extends CardFormRecord> {
  card: CardBase<V, NoInfer<R>>;
  form: FormikProps<V>;
  /** The form's values of a record: a stale change compares with and loads the current one. */
  valuesOf(record: R | undefined): V;
  header: ReactNode;
  /** The section's tabs, before 'Комментарии'. */
  tabs: CardTab[];
}

export function CardForm<V extends CardValues, R extends CardFormRecord>({
  card,
  form,
  valuesOf,
  header,
  tabs,
}: CardFormProps<V, R>) {
  const { section, mode, save, record, texts, readOnly } = card;
  const back = useSmartBack(() => form.resetForm());
  const stale = save.error?.stale;
  // the record is read again after a stale answer: until it has come, there is no current version to load
  const current = record && stale && record.version >= stale.version ? record : undefined;
  // a deleted record's 'Восстановить': back through the duplicate rule (a 409 shows the twin's link) and history;
  // the card goes on from the restored record, its link without ?withDeleted
  const navigate = useNavigate();
  const location = useLocation();
  const [restoreRecord, { isLoading: restoring }] = useRestoreRecordMutation();
  const deleted = record?.status === 'deleted';
  const restore =
    deleted && can(card.perms, section, 'delete')
      ? {
          label: RESTORE_MSG.button,
          busy: restoring,
          async onRestore() {
            save.setError(null);
            try {
              const restored = (await restoreRecord({ section, id: record.id }).unwrap()) as unknown as R;
              card.setVersion(restored.version);
              form.resetForm({ values: valuesOf(restored) });
              navigate(`/${section}/${record.id}`, { replace: true, state: location.state });
            } catch (e) {
              save.setError(isApiError(e) ? e : { status: 'UNKNOWN', message: errorMessage(e) });
            }
          },
        }
      : undefined;
  // another user's write heard over the live stream: the record was read again and is newer than the form's
  const newer =
    mode === 'edit' &&
    record &&
    card.version !== undefined &&
    record.version > card.version &&
    !stale &&
    save.saveState !== 'sending'
      ? record
      : undefined;
  const loadCurrent = (latest: R) => {
    form.resetForm({ values: valuesOf(latest) });
    card.setVersion(latest.version);
    save.setError(null);
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submitForm();
      }}
    >
      <CardShell
        header={header}
        onBack={back}
        dirty={form.dirty}
        saveState={save.saveState}
        onSave={() => void form.submitForm()}
        sendingLabel={mode === 'create' ? CARD_TEXTS.creating : CARD_TEXTS.saving}
        successLabel={mode === 'create' || save.lastSave === 'created' ? texts.created : CARD_TEXTS.saved}
        error={stale ? null : save.error}
        onErrorClose={() => save.setError(null)}
        alert={
          newer ? (
            <ChangedAlert key={newer.version} section={section} id={newer.id} onRefresh={() => loadCurrent(newer)} />
          ) : (
            stale && (
              <StaleAlert
                key={stale.version}
                section={section}
                message={save.error!.message}
                stale={stale}
                yours={form.values as unknown as Record<string, unknown>}
                initial={form.initialValues as unknown as Record<string, unknown>}
                current={current && (valuesOf(current) as unknown as Record<string, unknown>)}
                onLoad={current && (() => loadCurrent(current))}
                onClose={() => save.setError(null)}
              />
            )
          )
        }
        conflictLabel={`Посмотреть ${SECTION[section].one}`}
        listPath={`/${section}`}
        deleted={record?.status === 'deleted'}
        deletedText={texts.deleted}
        restore={restore}
        readOnly={readOnly}
        tabs={[
          ...tabs,
          {
            label: CARD_TEXTS.commentsTab,
            content: (
              <RecordComments
                section={section}
                recordId={record?.id}
                draft={form.values.comments}
                onDraftChange={(next) => void form.setFieldValue('comments', next)}
                canAddComment={!readOnly}
                authorName={card.me?.name}
                onError={save.setError}
              />
            ),
          },
          ...(record
            ? [
                {
                  label: HISTORY_TEXTS.tab,
                  content: (
                    <RecordHistory section={section} recordId={record.id} deleted={record.status === 'deleted'} />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Box>
  );
}
