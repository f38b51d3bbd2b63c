// What the papers (the invoice, the УПД) share on the server: the print form's document and table, the rule that a
// reserve is on one live paper of a kind, who reads a paper (the routes and the live streams alike) and its history.
// The public face: the papers' sections and the app import only from this file.
export { openPdf, pdfTable, pdfText, type PdfColumn, type PdfTableSizes } from './pdf';
export { idList, refuseTaken, type PaperTables } from './taken';
export { requireVisibleReserves } from './reserves';
export { paperAudience, paperReadable, reserveScope, type ReservesSpec } from './live';
export { CANCELLED, paperHistory, recordPaperHistory, type PaperHistoryEntry, type PaperSection } from './history';
export { paperHistoryResponse } from './schema';
