// Comments of a record (spec point 2 "Shared widgets"): author and time, 'Нет комментариев' when none, and a
// new-comment input only when the caller may add one. Blank text is ignored.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../domain/format';
import type { CommentItem } from '../../api/records';

export interface CommentsPanelProps {
  comments: CommentItem[];
  canAddComment: boolean;
  onAdd(text: string): void | Promise<void>;
  busy?: boolean;
}

export function CommentsPanel({ comments, canAddComment, onAdd, busy }: CommentsPanelProps) {
  const [text, setText] = useState('');
  const submit = async () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    await onAdd(trimmed);
    setText('');
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5, maxWidth: 760 }}>
      {comments.length === 0 ? (
        <Typography color="text.secondary">Нет комментариев</Typography>
      ) : (
        comments.map((c) => (
          <Paper key={c.id} variant="outlined" sx={{ p: 1.5 }} data-testid="comment">
            <Typography variant="body2" color="text.secondary">
              {c.author_name ?? 'Вы'}
              {c.created_at ? ` · ${formatDateTime(c.created_at)}` : ''}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.text}</Typography>
          </Paper>
        ))
      )}
      {canAddComment && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Новый комментарий"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
            }}
          />
          <Button variant="outlined" onClick={() => void submit()} disabled={busy || !text.trim()}>
            Добавить
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** A comment typed on a create card before the record exists: id 'local-' + timestamp (spec point 3). */
export const localComment = (text: string, author?: string): CommentItem => ({
  id: `local-${Date.now()}`,
  text,
  author_name: author,
  created_at: new Date().toISOString(),
});
