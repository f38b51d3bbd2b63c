// The table body's look, written once for the table instead of once per cell: a page of 200 offers has 6000
// cells, and a styled component per cell (MUI TableCell, Link, Typography) costs more than the budget of a
// page-size change. Body rows and cells are plain elements with these classes; they match MUI's small
// TableCell, TableRow (hover, selected), Link and a small outlined Button.
import { alpha, type SxProps, type Theme } from '@mui/material/styles';

export const CELL = {
  link: 'cell-link',
  muted: 'cell-muted',
  caption: 'cell-caption',
  line: 'cell-line',
  /** A small outlined button inside a cell (a feature's action: 'Зарезервировать'). */
  button: 'cell-button',
  checkbox: 'cell-checkbox',
  /** A selected row (its own class: MUI's Mui-selected would restyle every descendant on each change). */
  selected: 'row-selected',
  clickable: 'cell-clickable',
} as const;

export const tableSx = ((theme: Theme) => ({
  tableLayout: 'fixed',
  '& tbody tr': { verticalAlign: 'middle' },
  [`& tbody tr.${CELL.clickable}`]: { cursor: 'pointer' },
  '& tbody tr:hover': { backgroundColor: theme.palette.action.hover },
  // A selected row's tint is drawn by its checkbox cell across the row's width (--row-width, set by the table):
  // restyling a <tr> restyles all its cells, so selecting 200 rows that way took a frame and more; restyling
  // one cell per row does not.
  [`& tbody td.${CELL.checkbox}::before`]: {
    content: '""',
    position: 'absolute',
    left: 0,
    top: 0,
    bottom: 0,
    width: 'var(--row-width, 100%)',
    pointerEvents: 'none',
  },
  [`& tbody tr.${CELL.selected} > td.${CELL.checkbox}::before`]: {
    backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
  },
  '& tbody td': {
    ...theme.typography.body2,
    color: theme.palette.text.primary,
    padding: '6px 16px',
    borderBottom: `1px solid ${theme.palette.divider}`,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  [`& tbody td.${CELL.checkbox}`]: { width: 48, padding: '0 0 0 4px', overflow: 'visible', position: 'relative' },
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
  [`& .${CELL.caption}`]: { ...theme.typography.caption, color: theme.palette.text.secondary, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
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
    '&:hover': { borderColor: theme.palette.primary.main, backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity) },
  },
})) as SxProps<Theme>;
