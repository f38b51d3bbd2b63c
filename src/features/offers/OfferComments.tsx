// The offer card's 'Комментарии' tab: the cards' shared comments tab over the offer's form.
import type { FormikProps } from 'formik';
import type { ApiError } from '../../api/errors';
import { RecordComments } from '../../components/Card/RecordComments';
import type { OfferFormValues } from './offerForm';
import type { OfferRecord } from './offersApi';

export interface OfferCommentsProps {
  mode: 'create' | 'edit';
  form: FormikProps<OfferFormValues>;
  offer?: OfferRecord;
  readOnly: boolean;
  authorName?: string;
  onError(error: ApiError | null): void;
}

export function OfferComments({ mode, form, offer, readOnly, authorName, onError }: OfferCommentsProps) {
  return (
    <RecordComments
      section="offers"
      recordId={mode === 'create' ? undefined : offer?.id}
      draft={form.values.comments}
      onDraftChange={(next) => void form.setFieldValue('comments', next)}
      canAddComment={mode === 'create' ? !readOnly : Boolean(offer?.can_update)}
      authorName={authorName}
      onError={onError}
    />
  );
}
