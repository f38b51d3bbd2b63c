// The shipment's lots, picked from the offers: the active offers of the shipment's supplier (the latest 200 of
// every supplier where none is chosen), each named by its number, product and amount; the lots already in it are read
// by number so they keep their names whoever supplied them. A lot in another shipment is refused by the server, which
// names it.
import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { formatNumber } from '../../../domain/format';
import { useListQuery } from '../../api/lists';

export const LOTS_TEXTS = {
  label: 'Лоты поставки',
  placeholder: 'Номер или товар',
  noOptions: 'Нет активных предложений',
  loading: 'Загружаем предложения...',
} as const;

interface OfferRow {
  id: number;
  product?: { name?: string } | null;
  unit_amount?: string | null;
  unit_measure?: string | null;
  shipment_id?: number | null;
}

/** '№ 12 · Фисташки · 20 000 кг' */
export const lotLabel = (o: OfferRow) =>
  [`№ ${o.id}`, o.product?.name, o.unit_amount ? `${formatNumber(o.unit_amount)} ${o.unit_measure ?? ''}`.trim() : '']
    .filter(Boolean)
    .join(' · ');

interface Props {
  value: number[];
  supplierId: string;
  readOnly: boolean;
  onChange(ids: number[]): void;
}

export function LotsPicker({ value, supplierId, readOnly, onChange }: Props) {
  const supplier = supplierId ? `suppliers_ids=${encodeURIComponent(supplierId)}&` : '';
  const offered = useListQuery({
    section: 'offers',
    query: `${supplier}statuses_ids=active&perPage=200&sort=id&order=desc`,
  });
  const chosen = useListQuery(
    { section: 'offers', query: `${value.map((id) => `offers_ids=${id}`).join('&')}&perPage=200` },
    { skip: !value.length },
  );
  const byId = useMemo(() => {
    const rows = new Map<number, OfferRow>();
    for (const row of [...(offered.data?.data ?? []), ...(chosen.data?.data ?? [])]) rows.set(row.id, row as OfferRow);
    return rows;
  }, [offered.data, chosen.data]);
  const options = useMemo(() => [...new Set([...value, ...byId.keys()])], [value, byId]);

  return (
    // the picker takes the fields block's whole width
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Autocomplete<number, true>
        multiple
        options={options}
        value={value}
        disabled={readOnly}
        loading={offered.isFetching}
        loadingText={LOTS_TEXTS.loading}
        noOptionsText={LOTS_TEXTS.noOptions}
        getOptionLabel={(id) => (byId.has(id) ? lotLabel(byId.get(id)!) : `№ ${id}`)}
        onChange={(_, ids) => onChange(ids)}
        renderInput={(params) => (
          <TextField {...params} size="small" label={LOTS_TEXTS.label} placeholder={LOTS_TEXTS.placeholder} />
        )}
      />
    </Box>
  );
}
