// The reserves' papers: the list's bulk bar makes them of the chosen rows, the card of its own reserve.
import type { ListRow } from '../../../domain/lists';
import type { ChosenReserve, PaperKind } from '../../../domain/papers/choice';
import { PapersButtons } from '../../components/Papers/PapersButtons';

type Ref = { id: number } | null | undefined;

/** A reserve as the papers see it: its status and its buyer's card (the list's {id, name}, or the bare id). */
export const chosenOf = (row: { id: number; status?: unknown; buyer?: Ref; buyer_id?: number | null }) => ({
  id: row.id,
  status: String(row.status ?? ''),
  buyer_id: row.buyer?.id ?? row.buyer_id ?? null,
});

/** The card's papers: an active reserve is invoiced, a completed one is invoiced and makes its УПД. */
export function ReserveCardPapers({ reserve }: { reserve: Parameters<typeof chosenOf>[0] }) {
  const kinds = CARD_PAPERS[String(reserve.status)];
  return kinds ? <PapersButtons reserves={[chosenOf(reserve)]} kinds={kinds} /> : null;
}

const CARD_PAPERS: Record<string, readonly PaperKind[] | undefined> = {
  active: ['invoice'],
  completed: ['invoice', 'upd'],
};

/** The bulk bar's papers: the chosen rows of the page (a row chosen on another page is judged by the server). */
export function ReservesSelectionPapers({ ids, rows }: { ids: number[]; rows: readonly ListRow[] }) {
  const chosen = new Set(ids);
  const known: ChosenReserve[] = rows
    .filter((row) => chosen.has(row.id))
    .map((row) => chosenOf(row as Parameters<typeof chosenOf>[0]));
  return <PapersButtons ids={ids} reserves={known} />;
}
