// Which papers a choice of reserves may become, and why not: one invoice or one УПД is one buyer's, a УПД is made of
// completed reserves, an invoice of active or completed ones. The screens disable a button with the reason; the
// server checks the same and names the reserves it refuses.
export interface ChosenReserve {
  id: number;
  status: string;
  /** The buyer's card, or null where the reserve has none (a name typed by hand). */
  buyer_id: number | null;
}

export const PAPERS_TEXTS = {
  makeUpd: 'Сформировать УПД',
  makeInvoice: 'Выставить счёт',
  buyers: 'Выбраны резервы разных покупателей: счёт и УПД составляются на одного покупателя',
  noBuyer: 'У резерва нет карточки покупателя: выберите покупателя в карточке резерва',
  notCompleted: 'УПД составляется по завершённым резервам',
  notBillable: 'Счёт выставляется на активные и завершённые резервы',
} as const;

const BILLABLE = ['active', 'completed'];

/** The papers a choice of reserves may become. */
export type PaperKind = 'invoice' | 'upd';

export interface PapersChoice extends Record<PaperKind, string | null> {
  /** Why the choice makes no УПД, or null. */
  upd: string | null;
  /** Why it makes no invoice, or null. */
  invoice: string | null;
}

/** Why the chosen reserves make no УПД and no invoice (null: they may; the server has the last word). */
export function papersChoice(reserves: readonly ChosenReserve[]): PapersChoice {
  if (reserves.some((r) => r.buyer_id === null)) return { upd: PAPERS_TEXTS.noBuyer, invoice: PAPERS_TEXTS.noBuyer };
  if (new Set(reserves.map((r) => r.buyer_id)).size > 1)
    return { upd: PAPERS_TEXTS.buyers, invoice: PAPERS_TEXTS.buyers };
  return {
    upd: reserves.every((r) => r.status === 'completed') ? null : PAPERS_TEXTS.notCompleted,
    invoice: reserves.every((r) => BILLABLE.includes(r.status)) ? null : PAPERS_TEXTS.notBillable,
  };
}
