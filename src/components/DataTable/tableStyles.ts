// The table's look, written once for the table instead of once per cell: a page of 200 offers has 6000
// cells, and a styled component per cell (MUI TableCell, Link, Typography) costs more than the budget of a
// page-size change. Body rows and cells are plain elements with these classes; they match MUI's small
// TableCell, TableRow (hover, selected), Link and a small outlined Button.
//
// The rows are flex boxes, not table rows: a table lays out, styles and paints all 200 rows whenever they
// are inserted (about 300 ms on a 2-core server for 29 columns), and `content-visibility: auto` cannot
// skip a table row. A flex row can skip it, so only the rows in view cost anything. The column widths
// come from one rule per column (columnWidths), as a fixed-layout table's <colgroup> gave them: a changed
// cell never re-measures the others.
import { alpha, type SxProps, type Theme } from '@mui/material/styles';

export const CELL = {
  link: 'cell-link',
  muted: 'cell-muted',
  caption: 'cell-caption',
  line: 'cell-line',
  /** A small outlined button inside a cell (a feature's action: 'Зарезервировать'). */
  button: 'cell-button',
  checkbox: 'cell-checkbox',
  /** A cell whose content may not fit: clipped, with an ellipsis. */
  clip: 'cell-clip',
  /** A selected row (its own class: MUI's Mui-selected would restyle every descendant on each change). */
  selected: 'row-selected',
  clickable: 'cell-clickable',
} as const;

/** A body row's height before it was first shown (a row of text beside the 42 px checkbox, and its border). */
const ROW_HEIGHT_GUESS = 43;

/**
 * Each column's width, as a fixed-layout table takes them from its <colgroup>: the widths given, shared out in
 * proportion when the table is wider than their sum (flex-grow equal to the width does that).
 */
const columnWidths = (widths: number[]) =>
  Object.fromEntries(
    widths.map((width, index) => [`& tr > :nth-of-type(${index + 1})`, { flex: `${width} 0 ${width}px` }]),
  );

/** The table's sx for these column widths (the checkbox column first). */
export const tableSx = (widths: number[]) =>
  ((theme: Theme) => ({ ...tableStyles(theme), ...columnWidths(widths) })) as SxProps<Theme>;

const tableStyles = (theme: Theme) => ({
  display: 'block',
  // the keyboard's active cell (useGridKeyboard) is outlined while the table has the focus; the table itself is not
  '&:focus': { outline: 'none' },
  '&:focus [data-active]': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  '& thead, & tbody': { display: 'block' },
  '& tr': { display: 'flex' },
  '& th, & td': { display: 'block', boxSizing: 'border-box', minWidth: 0 },
  // the header stays in view while the rows scroll under it
  '& thead': { position: 'sticky', top: 0, zIndex: 2, backgroundColor: theme.palette.background.paper },
  // titles sit on the header's bottom line, as a table cell's vertical-align: bottom did; the checkbox in the middle
  '& thead tr': { alignItems: 'stretch' },
  '& thead th': { display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' },
  '& thead th.MuiTableCell-paddingCheckbox': { justifyContent: 'center', alignItems: 'flex-start' },
  '& tbody tr': {
    alignItems: 'center',
    borderBottom: `1px solid ${theme.palette.divider}`,
    // rows out of view are neither styled, laid out nor painted; once shown, a row keeps its measured height
    contentVisibility: 'auto',
    containIntrinsicSize: `auto ${ROW_HEIGHT_GUESS}px`,
  },
  [`& tbody tr.${CELL.clickable}`]: { cursor: 'pointer' },
  '& tbody tr:hover': { backgroundColor: theme.palette.action.hover },
  // the row's own background: changing it restyles and repaints that row only
  [`& tbody tr.${CELL.selected}`]: {
    backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
  },
  [`& tbody tr.${CELL.selected}:hover`]: {
    backgroundColor: alpha(
      theme.palette.primary.main,
      theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity,
    ),
  },
  '& tbody td': {
    ...theme.typography.body2,
    color: theme.palette.text.primary,
    padding: '6px 16px',
    whiteSpace: 'nowrap',
  },
  // only where needed: a clip per cell costs every frame (see cells.tsx surelyFits)
  [`& tbody td.${CELL.clip}`]: { overflow: 'hidden', textOverflow: 'ellipsis' },
  [`& tbody td.${CELL.checkbox}`]: { padding: '0 0 0 4px', overflow: 'visible' },
  // the row checkbox: a native input drawn like MUI's Checkbox. Checking it changes its style only (no icon
  // swapped in the DOM), so selecting 200 rows costs no layout
  [`& tbody td.${CELL.checkbox} input`]: {
    appearance: 'none',
    display: 'block',
    width: 18,
    height: 18,
    margin: '12px', // a string: a number in sx is theme spacing (12 × 8 px)
    border: `2px solid ${theme.palette.action.active}`,
    borderRadius: '2px', // a number would be theme.shape × 2
    cursor: 'pointer',
    backgroundColor: 'transparent',
    '&:checked': {
      borderColor: theme.palette.primary.main,
      backgroundColor: theme.palette.primary.main,
      backgroundImage: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='white' d='M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z'/%3E%3C/svg%3E")`,
      backgroundSize: '16px 16px',
      backgroundPosition: 'center',
      backgroundRepeat: 'no-repeat',
    },
    '&:focus-visible': { outline: `2px solid ${alpha(theme.palette.primary.main, 0.5)}`, outlineOffset: 2 },
  },
  [`& .${CELL.link}`]: {
    color: theme.palette.primary.main,
    textDecoration: 'underline',
    textDecorationColor: alpha(theme.palette.primary.main, 0.4),
    '&:hover': { textDecorationColor: 'inherit' },
  },
  [`& .${CELL.muted}`]: { color: theme.palette.text.secondary },
  [`& .${CELL.line}`]: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  [`& .${CELL.caption}`]: {
    ...theme.typography.caption,
    color: theme.palette.text.secondary,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  [`& .${CELL.button}`]: {
    ...theme.typography.button,
    textTransform: 'none',
    fontSize: '0.8125rem',
    display: 'inline-flex',
    alignItems: 'center',
    padding: '3px 9px',
    borderRadius: theme.shape.borderRadius,
    border: `1px solid ${alpha(theme.palette.primary.main, 0.5)}`,
    color: theme.palette.primary.main,
    textDecoration: 'none',
    '&:hover': {
      borderColor: theme.palette.primary.main,
      backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
    },
  },
});
