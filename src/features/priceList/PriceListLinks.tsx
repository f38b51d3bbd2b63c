// The buyer links made so far: each with its city, validity and state; an active one renewed with today's prices or
// revoked.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FiguresTable, type FiguresHead } from '../../components/FiguresTable';
import { formatDate } from '../../../domain/format';
import { PRICE_LIST_TEXTS as TEXT } from '../../../domain/priceList/texts';
import { usePriceListLinksQuery, useRenewPriceListLinkMutation, useRevokePriceListLinkMutation } from './priceListApi';

const LINK_HEAD: FiguresHead[] = ['Ссылка', 'Город', TEXT.validUntil, 'Состояние', ''].map((title) => ({ title }));
const STATUS_TITLE = { active: 'Действует', expired: TEXT.expired, revoked: TEXT.revoked } as const;

export function Links() {
  const links = usePriceListLinksQuery();
  const [revoke] = useRevokePriceListLinkMutation();
  const [renew] = useRenewPriceListLinkMutation();
  if (!links.data?.length) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h2" sx={{ fontSize: 18, mb: 1 }}>
        {TEXT.links}
      </Typography>
      <FiguresTable label={TEXT.links} head={LINK_HEAD}>
        {links.data.map((l) => (
          <TableRow key={l.id} data-link={l.id}>
            <TableCell sx={{ wordBreak: 'break-all', maxWidth: 420 }}>
              {l.status === 'active' ? (
                <a href={l.url} target="_blank" rel="noreferrer">
                  {l.url}
                </a>
              ) : (
                l.url
              )}
            </TableCell>
            <TableCell>{l.city.name}</TableCell>
            <TableCell>{formatDate(l.valid_until)}</TableCell>
            <TableCell>{STATUS_TITLE[l.status]}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {l.status === 'active' && (
                <>
                  {/* the link holds its prices to its date; a new one carries today's */}
                  <Button size="small" onClick={() => renew(l.id)}>
                    {TEXT.renew}
                  </Button>
                  <Button size="small" color="error" onClick={() => revoke(l.id)}>
                    {TEXT.revoke}
                  </Button>
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </FiguresTable>
    </Box>
  );
}
