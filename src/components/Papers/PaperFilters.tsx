// The filters of a list of papers (the invoices', the УПД's): the buyer, the days from and to, and the status; the
// filter is the page's link, so a reload or a link from a buyer's card opens the same list.
import { useSearchParams } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PAPER_LIST_TEXTS as TEXT } from '../../../domain/papers/screens';
import { useReferenceListQuery } from '../../api/references';
import { DayPicker } from '../DayPicker';

/** The list's filter from the page's link: `status` is the query key of the list's status ('status', 'payment'). */
export function usePaperFilter(status: string) {
  const [params, setParams] = useSearchParams();
  const keys = ['buyer_id', status, 'date_from', 'date_to'];
  const query = new URLSearchParams(keys.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))).toString();
  const set = (key: string, value: string | null | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  return { params, query, set, status };
}

export interface PaperFiltersProps {
  filter: ReturnType<typeof usePaperFilter>;
  /** The statuses offered, in order: [value, title]. */
  statuses: readonly (readonly [string, string])[];
}

export function PaperFilters({ filter, statuses }: PaperFiltersProps) {
  const { params, set } = filter;
  const buyers = useReferenceListQuery('buyers');
  const buyer = buyers.data?.find((b) => String(b.id) === params.get('buyer_id')) ?? null;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Autocomplete
        sx={{ width: 280 }}
        size="small"
        options={buyers.data ?? []}
        value={buyer}
        getOptionLabel={(b) => b.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, b) => set('buyer_id', b ? String(b.id) : null)}
        renderInput={(input) => <TextField {...input} label={TEXT.buyer} />}
      />
      <DayPicker
        label={TEXT.dateFrom}
        name="date_from"
        value={params.get('date_from')}
        onDay={(d) => d !== null && set('date_from', d)}
      />
      <DayPicker
        label={TEXT.dateTo}
        name="date_to"
        value={params.get('date_to')}
        onDay={(d) => d !== null && set('date_to', d)}
      />
      <TextField
        select
        size="small"
        sx={{ width: 200 }}
        label={TEXT.status}
        value={params.get(filter.status) ?? ''}
        onChange={(e) => set(filter.status, e.target.value)}
      >
        <MenuItem value="">{TEXT.anyStatus}</MenuItem>
        {statuses.map(([value, title]) => (
          <MenuItem key={value} value={value}>
            {title}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
