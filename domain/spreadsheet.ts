// Text cells in the files the lists export. A spreadsheet reads a cell that begins with = + - @ (or a tab or a
// carriage return) as a formula: a supplier's `=HYPERLINK("http://…")` typed as a country would run in the
// manager's Excel. Such a cell is written with a leading apostrophe, the spreadsheet's own "this is text", and an
// import reads it back as the text it was; such a text is refused at an import with its row named (looksLikeFormula),
// where it would be stored for the next reader's spreadsheet.
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet shows it without running it. */
export const inertText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A cell an export wrote with inertText, as the text it was. */
export const textOfInert = (text: string): string =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

/** A value an import refuses: one a spreadsheet would run as a formula that is no number, phone or dash
 * ('=HYPERLINK(…)', '@SUM(…)', '+cmd|…', '-A1'; '+7 (912) …', '-5' and a lone '-' are not), also as an export wrote it. */
export const looksLikeFormula = (text: string): boolean => /^\s*(?:[=@]|[+-](?![\d\s(.,]|$))/.test(textOfInert(text));
