// The offer's figures: 'Вычисленные данные' live from the form (domain/offers/figures.ts), and for a saved
// offer 'Резервирование' from the server's reserved, purchased and available amounts.
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { offerFigures } from '../../../domain/offers/figures';
import { offersResource } from '../../../domain/offers/resource';
import { PURCHASE_TEXTS, purchaseText } from '../../../domain/offers/purchase';
import { formatMoney, formatNumber } from '../../../domain/format';
import { InfoBlock } from '../../components/Card/InfoBlock';
import { ComputedField as Computed } from '../../components/Card/Figures';
import { OFFER_TEXTS, type OfferFormValues } from './offerForm';
import type { OfferRecord } from './offersApi';

function Shown({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

/** The form's figures, and a saved offer's selling band as the server computed it from the business settings (spec
 * point 3: min/max unit price in the financial group), for a role that sees it. */
export function OfferComputedBlock({ values, offer }: { values: OfferFormValues; offer?: OfferRecord }) {
  const figures = offerFigures(values);
  const band = (key: 'min_unit_price' | 'max_unit_price') =>
    offer?.[key] === undefined || offer[key] === null ? null : Number(offer[key]);
  return (
    <InfoBlock title={OFFER_TEXTS.computed}>
      <Computed label="Цена за кг" value={figures.kg_price} />
      <Computed label="Сумма" value={figures.total_sum} />
      <Computed label="Вес упаковки, кг" value={figures.pack_weight} />
      <Computed label="Количество упаковок" value={figures.packs_amount} />
      {offer && 'min_unit_price' in offer && (
        <Computed label={`${offersResource.field('min_unit_price').label}, ₽`} value={band('min_unit_price')} />
      )}
      {offer && 'max_unit_price' in offer && (
        <Computed label={`${offersResource.field('max_unit_price').label}, ₽`} value={band('max_unit_price')} />
      )}
      {offer && purchaseText(offer) && (
        <Shown label={PURCHASE_TEXTS.purchase} value={`${purchaseText(offer)} = ${formatMoney(offer.unit_price)}`} />
      )}
    </InfoBlock>
  );
}

/** The reserve action of the offers list's cell, on the card: for a caller who may place reserves, on an
 * active offer with stock left. */
export const canReserveOffer = (offer: Pick<OfferRecord, 'status' | 'available_amount'>, mayCreateReserves: boolean) =>
  mayCreateReserves && offer.status === 'active' && Number(offer.available_amount) > 0;

export function OfferReservationBlock({
  offer,
  mayCreateReserves,
  children,
}: {
  offer: OfferRecord;
  mayCreateReserves: boolean;
  children?: ReactNode;
}) {
  const location = useLocation();
  return (
    <InfoBlock title={OFFER_TEXTS.reservation}>
      {children}
      {canReserveOffer(offer, mayCreateReserves) && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button
            variant="contained"
            component={RouterLink}
            to={`/reserves/create?offer=${offer.id}`}
            state={{ from: location.pathname + location.search }}
          >
            Зарезервировать
          </Button>
        </Box>
      )}
      <Shown label="В резерве" value={formatNumber(offer.reserved_amount)} />
      <Shown label="Сумма резервов" value={formatMoney(offer.reserved_sum)} />
      <Shown label="Выкуплено" value={formatNumber(offer.purchased_amount)} />
      <Shown label="Доступно" value={formatNumber(offer.available_amount)} />
      <Shown label="Доступно на сумму" value={formatMoney(offer.available_sum)} />
    </InfoBlock>
  );
}
