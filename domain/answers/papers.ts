// A paper's history (an invoice's, a УПД's) as GET /api/{invoices|upd}/{id}/history answers it: made, or cancelled,
// by whom (where the role sees who writes a reserve) and when, oldest first.
import { Type, type Static } from '@sinclair/typebox';
import { HISTORY_CHANGE } from './records';
import { Nullable, OneOf, TEXT } from './kit';

export const PAPER_HISTORY_ENTRY = Type.Object({
  at: TEXT,
  user: Nullable(TEXT, { description: "who wrote it; null where the reader's role does not see who writes a reserve" }),
  action: OneOf(['create', 'update']),
  changes: Type.Array(HISTORY_CHANGE),
});
export type PaperHistoryEntry = Static<typeof PAPER_HISTORY_ENTRY>;

export const PAPER_HISTORY = Type.Object({ data: Type.Array(PAPER_HISTORY_ENTRY) });
export type PaperHistoryAnswer = Static<typeof PAPER_HISTORY>;
