// The landed cost of a lot that came in a shipment, on the offer card: its cost per kg as a waterfall (goods →
// freight → duty → broker → … ₽/kg), the shipment it rests on, and that it replaces the hand-typed warehouse cost in
// the selling band. Drawn only where the offer has a landed cost the caller may see (the purchase figures' roles).
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLotLandedQuery } from '../../api/landedCost';
import { errorMessage } from '../../api/errors';
import { Alert } from '../../components/Alert';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { LandedWaterfall } from '../../components/LandedWaterfall';

export const OFFER_LANDED_TEXTS = {
  title: 'Себестоимость за кг',
  shipment: (name: string) => `Поставка «${name}»`,
  replaces: 'Себестоимость поставки заменяет стоимость доставки на склад: цена продажи считается от неё',
} as const;

export function OfferLandedBlock({ offerId }: { offerId: number }) {
  const location = useLocation();
  const { data, error } = useLotLandedQuery(offerId);
  const lot = data?.lots.find((l) => l.offer_id === offerId);
  return (
    <InfoBlock title={OFFER_LANDED_TEXTS.title}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        {error ? (
          <Alert severity="error" closable={false}>
            {errorMessage(error)}
          </Alert>
        ) : (
          data && (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                <Link
                  component={RouterLink}
                  to={`/shipments/${data.shipment_id}`}
                  state={{ from: location.pathname + location.search }}
                >
                  {OFFER_LANDED_TEXTS.shipment(data.name)}
                </Link>
                {`. ${OFFER_LANDED_TEXTS.replaces}`}
              </Typography>
              {lot && <LandedWaterfall {...lot} />}
            </>
          )
        )}
      </Box>
    </InfoBlock>
  );
}
