// The card's 'Комментарии' tab: on a new reserve they are kept in the form and sent with it; on a saved one they
// are read and added through the comments of the record.
import type { FormikProps } from 'formik';
import { useAddCommentMutation, useCommentsQuery } from '../../api/records';
import { isApiError, type ApiError } from '../../api/errors';
import { CommentsPanel, localComment } from '../../components/Card/CommentsPanel';
import type { ReserveFormValues } from './reserveForm';
import type { ReserveRecord } from './reservesApi';

export interface ReserveCommentsProps {
  mode: 'create' | 'edit';
  form: FormikProps<ReserveFormValues>;
  reserve?: ReserveRecord;
  readOnly: boolean;
  authorName?: string;
  onError(error: ApiError | null): void;
}

export function ReserveComments({ mode, form, reserve, readOnly, authorName, onError }: ReserveCommentsProps) {
  const comments = useCommentsQuery({ section: 'reserves', id: reserve?.id ?? 0 }, { skip: mode === 'create' });
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
      canAddComment={Boolean(reserve?.can_update)}
      busy={adding}
      onAdd={async (text) => {
        await addComment({ section: 'reserves', id: reserve!.id, text }).unwrap().catch((e) => onError(isApiError(e) ? e : null));
      }}
    />
  );
}
