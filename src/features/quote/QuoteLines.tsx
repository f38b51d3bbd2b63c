// 'Подбор', the answer: the lines ranked by the delivered price per kg, a lot per row (with its band, margin, route
// days and earliest delivery) and, where lots serve together, a heading row of their sums; each lot can be reserved.
import { Fragment } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, formatFigure, formatNumber } from '../../../domain/format';
import { DOCUMENT_MSG } from '../../../domain/offers/documents';
import { lotTitle } from '../../../domain/offers/lot';
import type { QuoteOfferPart, QuoteSearchLine } from '../../../domain/quotes/search';
import { QUOTE_COLUMNS as C, QUOTE_TEXTS as TEXT, SAVED_QUOTE_TEXTS as SAVED } from '../../../domain/quotes/texts';
import { reserveCreateUrl } from '../../../domain/reserves/prefill';
import { FiguresTable } from '../../components/FiguresTable';

/** The buyer's credit on a line: the reserve's check on the line's sum (in the credit check's words), when there is a buyer. */
const CreditChip = ({ credit }: { credit?: string[] | null }) =>
  !credit ? null : (
    <Chip
      size="small"
      variant="outlined"
      color={credit.length ? 'error' : 'success'}
      sx={{ ml: 1, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }}
      data-field="credit"
      label={credit.length ? TEXT.credit(credit) : TEXT.creditOk}
    />
  );

function PartCells({ part, credit = null }: { part: QuoteOfferPart; credit?: string[] | null }) {
  return (
    <>
      <TableCell>
        {lotTitle(part)}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          № {part.offer_id}
        </Typography>
        <CreditChip credit={credit} />
        {part.expected_arrival && (
          <Chip size="small" color="info" variant="outlined" sx={{ ml: 1 }} label={part.availability} />
        )}
        {part.documents_blocking.length > 0 && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            sx={{ ml: 1 }}
            label={DOCUMENT_MSG.blocking(part.documents_blocking)}
          />
        )}
      </TableCell>
      <TableCell align="right">
        {formatNumber(part.available_amount)} {part.unit_measure}
      </TableCell>
      <TableCell align="right">
        {formatNumber(part.amount)} {part.unit_measure}
      </TableCell>
      <TableCell align="right" data-field="delivered_kg_price">
        {formatFigure(part.delivered_kg_price)}
        {part.default_delivery && (
          <Chip size="small" variant="outlined" color="warning" label={TEXT.defaultDelivery} sx={{ ml: 1 }} />
        )}
      </TableCell>
      <TableCell align="right" data-field="delivered_unit_price">
        {formatFigure(part.delivered_unit_price)}
      </TableCell>
      <TableCell align="right" data-field="unit_price" sx={{ fontWeight: 600 }}>
        {formatFigure(part.unit_price)}
      </TableCell>
      <TableCell align="right" data-field="price_kg">
        {formatFigure(part.price_kg)}
      </TableCell>
      <TableCell align="right" data-field="band">
        {formatFigure(part.band.min)} … {formatFigure(part.band.max)}
      </TableCell>
      <TableCell align="right" data-field="margin">
        {formatFigure(part.margin)}
      </TableCell>
      <TableCell align="right">{part.route_days ?? '—'}</TableCell>
      <TableCell>{part.earliest_delivery ? formatDate(part.earliest_delivery) : '—'}</TableCell>
    </>
  );
}

export function Lines({
  lines,
  cityId,
  picked,
  onPick,
}: {
  lines: QuoteSearchLine[];
  cityId: number;
  picked: number[];
  onPick: (n: number) => void;
}) {
  const navigate = useNavigate();
  if (!lines.length)
    return (
      <Typography color="text.secondary" sx={{ my: 3 }}>
        {TEXT.empty}
      </Typography>
    );
  // the figures, from the stock to the route's days, stand right
  const head = [
    SAVED.pick,
    C.rank,
    C.lot,
    C.available,
    C.amount,
    C.delivered_kg_price,
    C.delivered_unit_price,
    C.unit_price,
    C.price_kg,
    C.band,
    C.margin,
    C.route_days,
    C.earliest_delivery,
    C.total_sum,
    '',
  ].map((title, i) => ({ title, right: i >= 3 && i <= 11 }));
  return (
    <FiguresTable label={TEXT.title} head={head}>
      {lines.map((line, n) => (
        <Fragment key={line.offers.map((o) => o.offer_id).join('+')}>
          {line.offers.length > 1 && (
            <TableRow data-line={n + 1} sx={{ bgcolor: 'action.hover' }}>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={picked.includes(n)}
                  onChange={() => onPick(n)}
                  slotProps={{ input: { 'aria-label': `${SAVED.pick}: ${n + 1}` } }}
                />
              </TableCell>
              <TableCell>{n + 1}</TableCell>
              <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                {TEXT.together}: {line.offers.length}
                <CreditChip credit={line.credit} />
              </TableCell>
              <TableCell align="right" data-field="delivered_kg_price" sx={{ fontWeight: 600 }}>
                {formatFigure(line.delivered_kg_price)}
              </TableCell>
              <TableCell />
              <TableCell />
              <TableCell align="right" data-field="price_kg" sx={{ fontWeight: 600 }}>
                {formatFigure(line.price_kg)}
              </TableCell>
              <TableCell />
              <TableCell align="right" data-field="margin">
                {formatFigure(line.margin)}
              </TableCell>
              <TableCell align="right">{line.route_days ?? '—'}</TableCell>
              <TableCell>{line.earliest_delivery ? formatDate(line.earliest_delivery) : '—'}</TableCell>
              <TableCell align="right" data-field="total_sum" sx={{ fontWeight: 600 }}>
                {formatFigure(line.total_sum)}
              </TableCell>
              <TableCell />
            </TableRow>
          )}
          {line.offers.map((part) => (
            <TableRow
              key={part.offer_id}
              data-offer={part.offer_id}
              {...(line.offers.length === 1 ? { 'data-line': n + 1 } : {})}
              hover
            >
              <TableCell padding="checkbox">
                {line.offers.length === 1 && (
                  <Checkbox
                    checked={picked.includes(n)}
                    onChange={() => onPick(n)}
                    slotProps={{ input: { 'aria-label': `${SAVED.pick}: ${n + 1}` } }}
                  />
                )}
              </TableCell>
              <TableCell>{line.offers.length === 1 ? n + 1 : ''}</TableCell>
              <PartCells part={part} credit={line.offers.length === 1 ? line.credit : null} />
              <TableCell align="right" data-field="part_sum">
                {line.offers.length === 1 ? formatFigure(line.total_sum) : ''}
              </TableCell>
              <TableCell>
                <Button
                  size="small"
                  onClick={() =>
                    navigate(
                      reserveCreateUrl({
                        offer: part.offer_id,
                        city_id: cityId,
                        unit_selling_price: part.unit_price,
                        delivery_cost: part.delivery_cost,
                        delivery_days: part.route_days === null ? undefined : String(part.route_days),
                      }),
                    )
                  }
                >
                  {TEXT.reserve}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </Fragment>
      ))}
    </FiguresTable>
  );
}
