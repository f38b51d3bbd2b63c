// The buyer's page at /p/{token}: no sign-in, none of the signed-in shell (no store, no session, no
// navigation; a chunk of its own), read-only. It reads GET /api/public/price-list/{token}, whose answer holds the
// buyer's columns only, with the stock as it stands at the moment of reading. It is read a page at a time (
// a long list was megabytes per read), with the staff lists' pager; the page and its size are in the address.
import { Fragment } from 'react';
import { useParams, useSearchParams } from 'react-router';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { formatDate, formatFigure, formatNumber } from '../../../domain/format';
import { PRICE_LIST_COLUMNS as T, PRICE_LIST_TEXTS as TEXT } from '../../../domain/priceList/texts';
import { RateNote } from '../../components/RateNote';
import { byProduct, PUBLIC_PAGE_SIZE, type BuyerPriceList } from '../../../domain/priceList/lines';
import { PAGE_SIZES } from '../../../domain/lists';
import { buyerAvailabilityText } from '../../../domain/offers/logistics';
import { LOT_COLUMNS } from '../../../domain/offers/lot';
import { usePublicRead } from '../../components/usePublicRead';
import { PublicPage, PublicPending } from '../../components/PublicPage';
import { FiguresTable, GroupRow } from '../../components/FiguresTable';
import { BuyerDocuments } from '../../components/BuyerDocuments';

const FAILED = 'Не удалось загрузить прайс-лист. Попробуйте позже.';

export default function PublicPriceListPage() {
  const { token = '' } = useParams();
  const [params, setParams] = useSearchParams();
  // what the address asks for, within what the server takes (a hand-edited address reads the default)
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const size = Number(params.get('perPage'));
  const perPage = (PAGE_SIZES as readonly number[]).includes(size) ? size : PUBLIC_PAGE_SIZE;
  const { data: list, error } = usePublicRead<BuyerPriceList>(
    `/api/public/price-list/${encodeURIComponent(token)}?page=${page}&perPage=${perPage}`,
    FAILED,
  );
  const go = (nextPage: number, nextPerPage: number) => {
    setParams({ page: String(nextPage), perPage: String(nextPerPage) });
  };

  if (error || !list) return <PublicPending error={error} />;

  // the lot's columns (domain/offers/lot.ts) under its product's heading, then the stock, the prices and the papers
  const head = [
    ...LOT_COLUMNS.map((fd) => fd.title),
    T.available_amount,
    T.available_packs,
    T.unit_price,
    T.kg_price,
    T.availability,
    T.delivery_days,
    T.documents,
  ].map((title, i) => ({ title, right: i >= LOT_COLUMNS.length && title !== T.availability && title !== T.documents }));
  return (
    <PublicPage
      title={
        <>
          {TEXT.publicTitle}: {list.company}
        </>
      }
      maxWidth={1200}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Город доставки: {list.city} · {formatDate(list.date)}
        {list.valid_until ? ` · действует до ${formatDate(list.valid_until)}` : ''}. Цены указаны с доставкой до города
        покупателя, наличие — на момент открытия страницы.
      </Typography>
      {!list.lines.length ? (
        <Typography>{TEXT.empty}</Typography>
      ) : (
        <FiguresTable
          label={TEXT.publicTitle}
          head={head}
          footer={
            list.pagination && (
              <TablePagination
                component="div"
                count={list.pagination.totalItems}
                // the page the server answered with: one asked past the last is the last
                page={list.pagination.currentPage - 1}
                rowsPerPage={list.pagination.perPage}
                rowsPerPageOptions={[...PAGE_SIZES]}
                onPageChange={(_, zeroBased) => go(zeroBased + 1, list.pagination.perPage)}
                onRowsPerPageChange={(event) => go(1, Number(event.target.value))}
                showFirstButton
                showLastButton
              />
            )
          }
        >
          {byProduct(list.lines).map(([product, rows]) => (
            <Fragment key={product}>
              <GroupRow span={head.length}>{product}</GroupRow>
              {rows.map((l, i) => (
                // a held line whose lot can no longer be bought keeps its price, marked and greyed
                <TableRow
                  key={i}
                  data-unavailable={l.unavailable ?? undefined}
                  sx={l.unavailable ? { '& td': { color: 'text.disabled' } } : undefined}
                >
                  {LOT_COLUMNS.map((fd) => (
                    <TableCell key={fd.key}>{l[fd.key]}</TableCell>
                  ))}
                  <TableCell align="right">
                    {formatNumber(l.available_amount)} {l.unit_measure}
                  </TableCell>
                  <TableCell align="right">{formatNumber(l.available_packs)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatFigure(l.price)}
                  </TableCell>
                  <TableCell align="right">{formatFigure(l.price_per_kg)}</TableCell>
                  <TableCell data-field="availability" sx={{ whiteSpace: 'nowrap' }}>
                    {l.unavailable ?? buyerAvailabilityText(l)}
                  </TableCell>
                  <TableCell align="right">{l.delivery_days ?? '—'}</TableCell>
                  <TableCell>
                    <BuyerDocuments documents={l.documents} />
                  </TableCell>
                </TableRow>
              ))}
            </Fragment>
          ))}
        </FiguresTable>
      )}
      <RateNote note={list.rate_note} />
    </PublicPage>
  );
}
