// A card's 'Комментарии' tab: on a new record they are kept in the form and sent with it; on a saved one
// they are read and added through the record's comments (GET/POST /api/{section}/{id}/comments).
import { useAddCommentMutation, useCommentsQuery, type CommentEntity, type CommentItem } from '../../api/records';
import { isApiError, type ApiError } from '../../api/errors';
import { CommentsPanel, localComment } from './CommentsPanel';

export interface RecordCommentsProps {
  section: CommentEntity;
  /** The saved record's id; none on a create card. */
  recordId?: number;
  /** A create card's comments, held in its form. */
  draft: CommentItem[];
  onDraftChange(next: CommentItem[]): void;
  canAddComment: boolean;
  authorName?: string;
  onError(error: ApiError | null): void;
}

export function RecordComments({
  section,
  recordId,
  draft,
  onDraftChange,
  canAddComment,
  authorName,
  onError,
}: RecordCommentsProps) {
  const comments = useCommentsQuery({ section, id: recordId ?? 0 }, { skip: recordId === undefined });
  const [addComment, { isLoading: adding }] = useAddCommentMutation();
  if (recordId === undefined) {
    return (
      <CommentsPanel
        comments={draft}
        canAddComment={canAddComment}
        onAdd={(text) => onDraftChange([...draft, localComment(text, authorName)])}
      />
    );
  }
  return (
    <CommentsPanel
      comments={comments.data ?? []}
      canAddComment={canAddComment}
      busy={adding}
      onAdd={async (text) => {
        await addComment({ section, id: recordId, text })
          .unwrap()
          .catch((e) => onError(isApiError(e) ? e : null));
      }}
    />
  );
}
