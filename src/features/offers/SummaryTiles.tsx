import { useFallbackPolling } from '../../api/live';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatMoney, formatNumber } from '../../../domain/format';
import { useOffersSummaryQuery } from './offersApi';

/** Where a tile leads: the analytics page, the figures behind it in charts. */
export const ANALYTICS_PATH = '/analytics';

function Tile({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, flex: '1 1 200px', minWidth: 0, position: 'relative', '&:hover': { borderColor: 'primary.main' } }}
      role="group"
      aria-label={title}
    >
      {/* the title is the tile's link to the analytics page; its ::after covers the whole tile */}
      <Typography
        variant="body2"
        color="text.secondary"
        component={Link}
        to={ANALYTICS_PATH}
        title="Открыть аналитику"
        sx={{ textDecoration: 'none', '&::after': { content: '""', position: 'absolute', inset: 0 } }}
      >
        {title}
      </Typography>
      {/* a figure never breaks before its '₽'; narrow tiles get a smaller figure instead */}
      <Typography
        sx={{ fontSize: 'clamp(20px, 1.9vw, 26px)', fontWeight: 500, mt: 0.5, whiteSpace: 'nowrap' }}
        data-testid="tile-value"
      >
        {value}
      </Typography>
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

/** Placed reserves, realized reserves, value of realized offers: real figures, refreshed with the list. The server
 * leaves out a figure the caller may not see: its tile (or a tile's total) is not drawn. */
export function SummaryTiles({ pollingInterval }: { pollingInterval?: number }) {
  const polling = useFallbackPolling(pollingInterval);
  const { data } = useOffersSummaryQuery(undefined, { pollingInterval: polling, skipPollingIfUnfocused: true });
  if (!data) return null;
  const { placed_reserves: placed, realized_reserves: realized, realized_value: value } = data;
  if (!placed && !realized && value === undefined) return null;
  const total = (sum: string | undefined) => (sum === undefined ? undefined : `на ${formatMoney(sum)}`);
  return (
    <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      {placed && <Tile title="Размещённые резервы" value={formatNumber(placed.count)} note={total(placed.sum)} />}
      {realized && (
        <Tile title="Реализованные резервы" value={formatNumber(realized.count)} note={total(realized.sum)} />
      )}
      {value !== undefined && <Tile title="Стоимость реализованных предложений" value={formatMoney(value)} />}
    </Box>
  );
}
