// What the papers (the invoice, the УПД) share on the server: the print form's document and table, and the rule that a
// reserve is on one live paper of a kind. The public face: the papers' sections import only from this file.
export { openPdf, pdfTable, pdfText, type PdfColumn, type PdfTableSizes } from './pdf';
export { idList, refuseTaken, type PaperTables } from './taken';
export { requireVisibleReserves } from './reserves';
