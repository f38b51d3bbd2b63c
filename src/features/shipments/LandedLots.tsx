// The shipment card's result: each lot's landed cost per kg with its waterfall by kind, what the figures rest on
// (estimates, actuals or both), and where the actual lines moved a lot's cost, its estimate and the move per kg. The
// server computes it from the saved lines; a line it cannot price (no rate on its day) is said in its words.
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BASIS_TITLES, WATERFALL_TEXTS } from '../../../domain/shipments/waterfall';
import { useShipmentLandedQuery } from '../../api/landedCost';
import { errorMessage } from '../../api/errors';
import { Alert } from '../../components/Alert';
import { LandedWaterfall } from '../../components/LandedWaterfall';
import { Spinner } from '../../components/Spinner';

export const LANDED_TEXTS = {
  tab: 'Себестоимость',
  noLots: 'В поставке нет лотов: себестоимость считается по лотам',
  lot: (id: number) => `Лот № ${id}`,
  unsaved: 'Изменения расходов и лотов учтутся после сохранения',
} as const;

export function LandedLots({ shipmentId, dirty }: { shipmentId: number; dirty: boolean }) {
  const location = useLocation();
  const { data, error, isLoading } = useShipmentLandedQuery(shipmentId);
  if (isLoading) return <Spinner />;
  if (error)
    return (
      <Alert severity="error" closable={false}>
        {errorMessage(error)}
      </Alert>
    );
  if (!data?.lots.length) return <Typography color="text.secondary">{LANDED_TEXTS.noLots}</Typography>;
  return (
    <Box>
      {dirty && (
        <Alert severity="warning" closable={false}>
          {LANDED_TEXTS.unsaved}
        </Alert>
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {BASIS_TITLES[data.basis]}
      </Typography>
      {data.lots.map((lot) => (
        <Box key={lot.offer_id} component="section" sx={{ mb: 3 }} aria-label={LANDED_TEXTS.lot(lot.offer_id)}>
          <Typography variant="h3" component="h3" sx={{ mb: 1, fontSize: 16 }}>
            <Link component={RouterLink} to={`/offers/${lot.offer_id}`} state={{ from: location.pathname }}>
              {LANDED_TEXTS.lot(lot.offer_id)}
            </Link>
            {`: ${WATERFALL_TEXTS.perKg(lot.landed_kg_cost)}`}
          </Typography>
          <LandedWaterfall {...lot} label={`${WATERFALL_TEXTS.title}: ${LANDED_TEXTS.lot(lot.offer_id)}`} />
        </Box>
      ))}
    </Box>
  );
}
