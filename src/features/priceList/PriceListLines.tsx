// The price list's lines: the lot's columns under its product's heading, its stock and prices with delivery, and
// a reserve from the line.
import { Fragment } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FiguresTable, GroupRow, type FiguresHead } from '../../components/FiguresTable';
import { formatFigure, formatNumber } from '../../../domain/format';
import { PRICE_LIST_COLUMNS as T, PRICE_LIST_TEXTS as TEXT } from '../../../domain/priceList/texts';
import { availabilityText } from '../../../domain/offers/logistics';
import { DOCUMENT_MSG } from '../../../domain/offers/documents';
import { LOT_COLUMNS } from '../../../domain/offers/lot';
import { byProduct } from '../../../domain/priceList/lines';
import { type PriceListLine } from './priceListApi';
import { reserveUrl } from './reserveLink';

export function Lines({ lines, cityId }: { lines: PriceListLine[]; cityId: number }) {
  const navigate = useNavigate();
  if (!lines.length)
    return (
      <Typography color="text.secondary" sx={{ my: 3 }}>
        {TEXT.empty}
      </Typography>
    );
  // the lot's columns (domain/offers/lot.ts) under its product's heading, then the stock and the prices
  const head: FiguresHead[] = [
    ...LOT_COLUMNS.map((fd) => ({ title: fd.title })),
    { title: T.available_amount, right: true },
    { title: T.available_packs, right: true },
    { title: T.unit_price, right: true },
    { title: T.kg_price, right: true },
    { title: T.delivery_cost, right: true },
    { title: T.availability },
    { title: T.delivery_days, right: true },
    { title: '' },
  ];
  return (
    <FiguresTable label={TEXT.title} head={head}>
      {byProduct(lines).map(([product, rows]) => (
        <Fragment key={product}>
          <GroupRow span={head.length}>{product}</GroupRow>
          {rows.map((l) => (
            <TableRow key={l.offer_id} data-offer={l.offer_id} hover>
              {LOT_COLUMNS.map((fd, i) => (
                <TableCell key={fd.key}>
                  {l[fd.key]}
                  {/* a lot whose required papers are missing or lapsed cannot ship (told in its first column) */}
                  {i === 0 && l.documents_blocking.length > 0 && (
                    <Chip
                      size="small"
                      color="warning"
                      variant="outlined"
                      sx={{ ml: l[fd.key] ? 1 : 0 }}
                      label={DOCUMENT_MSG.blocking(l.documents_blocking)}
                    />
                  )}
                </TableCell>
              ))}
              <TableCell align="right">
                {formatNumber(l.available_amount)} {l.unit_measure}
              </TableCell>
              <TableCell align="right">{formatNumber(l.available_packs)}</TableCell>
              <TableCell align="right" data-field="unit_price" sx={{ fontWeight: 600 }}>
                {formatFigure(l.unit_price)}
              </TableCell>
              <TableCell align="right">{formatFigure(l.kg_price)}</TableCell>
              <TableCell align="right">
                {formatFigure(l.delivery_cost)}
                {l.default_delivery && (
                  <Chip size="small" variant="outlined" color="warning" label={TEXT.defaultDelivery} sx={{ ml: 1 }} />
                )}
              </TableCell>
              <TableCell data-field="availability" sx={{ whiteSpace: 'nowrap' }}>
                {availabilityText(l)}
              </TableCell>
              <TableCell align="right">{l.delivery_days ?? '—'}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => navigate(reserveUrl(l, cityId))}>
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
