// The preview of a supplier's price list: its groups (new, changed with old → new and %, unchanged, gone), the rows
// with problems, the new packings to add in one click, and the groups ticked for 'Применить'.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiAlert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PRICE_LIST_MSG } from '../../../domain/suppliers/priceList';
import {
  GROUP_TITLES,
  type PreviewGroup,
  type PreviewRow,
  type PriceListPreview,
} from '../../../domain/suppliers/priceListPreview';
import { LOT } from '../../../domain/offers/lot';
import { formatMoney, formatNumber } from '../../../domain/format';
import { PRICE_LIST_TEXTS } from './texts';

const SHOWN = 100;
export const APPLIED_GROUPS: PreviewGroup[] = ['new', 'changed', 'gone'];
/** The groups ticked at first: those with rows, the gone lots only on a full list. */
export const ticked = (preview: PriceListPreview, full: boolean) =>
  new Set(APPLIED_GROUPS.filter((g) => preview[g].length && (g !== 'gone' || full)));

const moved = (oldValue: string | null, newValue: string | null, format: (v: string | null) => string) =>
  oldValue !== null && newValue !== null && Number(oldValue) !== Number(newValue)
    ? `${format(oldValue)} → ${format(newValue)}`
    : format(newValue ?? oldValue);

function GroupTable({ group, rows }: { group: PreviewGroup; rows: PreviewRow[] }) {
  if (!rows.length) return null;
  const t = PRICE_LIST_TEXTS;
  return (
    <TableContainer sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={GROUP_TITLES[group]}>
        <TableHead>
          <TableRow>
            {[t.line, t.offer, t.product, t.packing, t.year, t.origin, t.price, t.amount].map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.slice(0, SHOWN).map((r, i) => (
            <TableRow key={i}>
              <TableCell>{r.line ?? '—'}</TableCell>
              <TableCell>{r.offer_id ?? '—'}</TableCell>
              <TableCell>{[r.product, r.variety].filter(Boolean).join(' / ')}</TableCell>
              <TableCell>{r.packing ?? ''}</TableCell>
              <TableCell>{r[LOT.year.key] ?? ''}</TableCell>
              <TableCell>{r[LOT.origin.key] ?? ''}</TableCell>
              <TableCell>
                {moved(r.old_unit_price, r.unit_price, formatMoney)}
                {r.price_change_percent !== null &&
                  ` (${Number(r.price_change_percent) > 0 ? '+' : ''}${r.price_change_percent.replace('.', ',')} %)`}
              </TableCell>
              <TableCell>
                {moved(r.old_unit_amount, r.unit_amount, (v) => formatNumber(v))}
                {r.kept ? ` — ${t.kept}` : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length > SHOWN && (
        <Typography variant="body2" color="text.secondary">
          {t.shown(SHOWN, rows.length)}
        </Typography>
      )}
    </TableContainer>
  );
}

export function PreviewView({
  preview,
  groups,
  setGroups,
  full,
  setFull,
  onAddPacking,
  busy,
}: {
  preview: PriceListPreview;
  /** One of the file's new packings ('Мешок 22,68 кг') added to our list in one click. */
  onAddPacking(name: string): void;
  busy: boolean;
  groups: Set<PreviewGroup>;
  setGroups(g: Set<PreviewGroup>): void;
  /** 'Это полный прайс': only then may the lots the file lacks be removed. */
  full: boolean;
  setFull(full: boolean): void;
}) {
  const t = PRICE_LIST_TEXTS;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {preview.new_packings.length > 0 && (
        <MuiAlert severity="info">
          {PRICE_LIST_MSG.newPackings}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {preview.new_packings.map((p) => (
              <Button key={p.name} size="small" variant="outlined" disabled={busy} onClick={() => onAddPacking(p.name)}>
                {`${PRICE_LIST_MSG.addPacking(p.name)} — ${t.rowsOf(p.rows)}`}
              </Button>
            ))}
          </Box>
        </MuiAlert>
      )}
      <FormControlLabel
        control={
          <Checkbox
            checked={full}
            onChange={(e) => {
              setFull(e.target.checked);
              const next = new Set(groups);
              if (e.target.checked && preview.gone.length) next.add('gone');
              else next.delete('gone');
              setGroups(next);
            }}
          />
        }
        label={
          <>
            {PRICE_LIST_MSG.fullList}
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
            >{` — ${PRICE_LIST_MSG.fullListHint}`}</Typography>
          </>
        }
      />
      {(['new', 'changed', 'unchanged', 'gone'] as const).map((group) => (
        <Box key={group}>
          {APPLIED_GROUPS.includes(group) ? (
            <FormControlLabel
              control={
                <Checkbox
                  checked={groups.has(group)}
                  disabled={!preview[group].length || (group === 'gone' && !full)}
                  onChange={(e) => {
                    const next = new Set(groups);
                    if (e.target.checked) next.add(group);
                    else next.delete(group);
                    setGroups(next);
                  }}
                />
              }
              label={`${GROUP_TITLES[group]}: ${preview[group].length}`}
            />
          ) : (
            <Typography
              variant="subtitle2"
              sx={{ py: 1 }}
            >{`${GROUP_TITLES[group]}: ${preview[group].length}`}</Typography>
          )}
          <GroupTable group={group} rows={preview[group]} />
        </Box>
      ))}
      {/* totals, subtotals and empty rows hold no lot: counted, never asked about */}
      {(preview.skipped.totals > 0 || preview.skipped.empty > 0 || preview.skipped.not_matched > 0) && (
        <Typography variant="body2" color="text.secondary">
          {PRICE_LIST_MSG.skipped(preview.skipped)}
        </Typography>
      )}
      <Typography variant="subtitle2">{`${GROUP_TITLES.problems}: ${preview.problems.length}`}</Typography>
      {preview.problems.length > 0 && (
        <TableContainer sx={{ maxHeight: 260, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={GROUP_TITLES.problems}>
            <TableHead>
              <TableRow>
                {[t.line, t.name, t.column, t.message].map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.problems.slice(0, SHOWN).map((p, i) => (
                <TableRow key={i}>
                  {[p.line, p.name, p.column || '—', p.message].map((v, j) => (
                    <TableCell key={j}>{v}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
