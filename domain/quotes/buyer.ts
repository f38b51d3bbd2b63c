// A quote's buyer: the name it is made out to, the reserve's buyer name (domain/reserves/buyerFields.ts)
// that the reserves a quote makes copy. Stored, listed, sorted, changed, shown on the PDF and sent to the SPA under
// the reserve's key, labelled as the reserve labels it.
import { RESERVE_BUYER, reserveBuyerField } from '../reserves/buyerFields';

/** The key a quote's buyer name travels by: the quotes table's column, the card's and the list row's field, the
 * list's sort and the history's change. */
export const QUOTE_BUYER = RESERVE_BUYER.name;

/** A quote's buyer name as a row, the card and the list carry it (none for a quote made out to no one). */
export type QuoteBuyerName = { [K in typeof QUOTE_BUYER]: string | null };

/** 'Покупатель': the column's, the filter's and the history's title. */
export const QUOTE_BUYER_TITLE = reserveBuyerField(QUOTE_BUYER).label;
