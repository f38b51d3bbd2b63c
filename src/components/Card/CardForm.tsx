// What every record card does around its own fields (spec point 2 "Creation cards"): the save states
// ('Сохранить' → 'Создаем...'/'Сохраняем...' → the success label), the server's error with the conflicting
// record's link, smart back, the deleted mark, the 'Комментарии' tab and a saved record's 'История'. The generic RecordCard, the offer card
// and the reserve card all save through useCardSave and draw through CardForm, so these behave alike everywhere.
import { useEffect, useState, type ReactNode } from 'react';
import type { FormikHelpers, FormikProps } from 'formik';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import { SECTION, type Section } from '../../../domain/sections';
import type { CommentItem } from '../../api/records';
import { errorMessage, isApiError, type ApiError } from '../../api/errors';
import { useSmartBack } from '../smartBack';
import { CardShell, type CardTab, type SaveState } from './CardShell';
import { RecordComments } from './RecordComments';
import { RecordHistory } from './RecordHistory';
import { HISTORY_TEXTS } from '../../../domain/history';

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
 * A failure keeps what the user typed and shows the server's message.
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
        navigate(`/${section}/${outcome.created}`, { replace: true, state: { ...(location.state as object | null), created: true } });
      } else {
        helpers.resetForm({ values: outcome.saved });
        setLastSave('saved');
        setSaveState('success');
      }
    } catch (e) {
      failed(e);
      setSaveState('idle');
    }
  };

  return { saveState, lastSave, error, setError, failed, save };
}

export type CardSave<V> = ReturnType<typeof useCardSave<V>>;

/** Every card's form holds the comments typed before the record exists. */
export interface CardValues {
  comments: CommentItem[];
}

export interface CardFormProps<V extends CardValues> {
  section: Section;
  mode: CardMode;
  form: FormikProps<V>;
  save: CardSave<V>;
  header: ReactNode;
  /** The saved record; none on a create card. */
  record?: { id: number; status: string };
  /** The success label of a create: 'Предложение добавлен'. */
  createdText: string;
  deletedText?: string;
  readOnly: boolean;
  authorName?: string;
  /** The section's tabs, before 'Комментарии'. */
  tabs: CardTab[];
}

export function CardForm<V extends CardValues>({ section, mode, form, save, header, record, createdText, deletedText, readOnly, authorName, tabs }: CardFormProps<V>) {
  const back = useSmartBack(() => form.resetForm());
  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void form.submitForm(); }}>
      <CardShell
        header={header}
        onBack={back}
        dirty={form.dirty}
        saveState={save.saveState}
        onSave={() => void form.submitForm()}
        sendingLabel={mode === 'create' ? CARD_TEXTS.creating : CARD_TEXTS.saving}
        successLabel={mode === 'create' || save.lastSave === 'created' ? createdText : CARD_TEXTS.saved}
        error={save.error}
        onErrorClose={() => save.setError(null)}
        conflictLabel={`Посмотреть ${SECTION[section].one}`}
        listPath={`/${section}`}
        deleted={record?.status === 'deleted'}
        deletedText={deletedText}
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
                authorName={authorName}
                onError={save.setError}
              />
            ),
          },
          ...(record ? [{ label: HISTORY_TEXTS.tab, content: <RecordHistory section={section} recordId={record.id} deleted={record.status === 'deleted'} /> }] : []),
        ]}
      />
    </Box>
  );
}
