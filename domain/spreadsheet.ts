// Text cells in the files the lists export. A spreadsheet reads a cell that begins with = + - @ (or a tab or a
// carriage return) as a formula: a supplier's `=HYPERLINK("http://…")` typed as a country would run in the
// manager's Excel. Such a cell is written with a leading apostrophe, the spreadsheet's own "this is text", and an
// import reads it back as the text it was, so an exported list still loads back.
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet shows it without running it. */
export const inertText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A cell an export wrote with inertText, as the text it was. */
export const textOfInert = (text: string): string => (text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);
