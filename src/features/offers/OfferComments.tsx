// The card's 'Комментарии' tab: on a new offer they are kept in the form and sent with it; on a saved one
// they are read and added through the comments of the record.
import type { FormikProps } from 'formik';
import { useAddCommentMutation, useCommentsQuery } from '../../api/records';
import { isApiError, type ApiError } from '../../api/errors';
import { CommentsPanel, localComment } from '../../components/Card/CommentsPanel';
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
  const comments = useCommentsQuery({ section: 'offers', id: offer?.id ?? 0 }, { skip: mode === 'create' });
  const [addComment, { isLoading: adding }] = useAddCommentMutation();
  if (mode === 'create') {
    return (
      <CommentsPanel
        comments={form.values.comments}
        canAddComment={!readOnly}
        onAdd={(text) => void form.setFieldValue('comments', [...form.values.comments, localComment(text, authorName)])}
      />
    );
  }
  return (
    <CommentsPanel
      comments={comments.data ?? []}
      canAddComment={Boolean(offer?.can_update)}
      busy={adding}
      onAdd={async (text) => {
        await addComment({ section: 'offers', id: offer!.id, text }).unwrap().catch((e) => onError(isApiError(e) ? e : null));
      }}
    />
  );
}
