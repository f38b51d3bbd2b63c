// 'Прайс-лист': the buyer's city, the filters, the price level and rounding, the validity; a line per
// available lot priced with delivery, grouped by product; the files, the buyer's link and the links made so far.
// The request lives in the URL (domain/priceList/query.ts), so a list is a link a colleague can open too.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../domain/format';
import { PRICE_LIST_TEXTS as TEXT } from '../../../domain/priceList/texts';
import { encodePriceListQuery, type PriceListQuery } from '../../../domain/priceList/query';
import { PageTitle } from '../../components/PageTitle';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { useNotice } from '../../components/useNotice';
import { errorMessage } from '../../api/errors';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';
import { fileNameOf, save } from '../../components/List/useExport';
import { useCreatePriceListLinkMutation, usePriceListQuery } from './priceListApi';
import { lacksMarkup, useRequest } from './usePriceListRequest';
import { Filters } from './PriceListFilters';
import { Lines } from './PriceListLines';
import { Links } from './PriceListLinks';
import { RateNote } from '../../components/RateNote';
import { rateNote } from '../../../domain/priceList/rateNote';

export default function PriceListPage() {
  const state = useRequest();
  const { request } = state;
  const token = useAppSelector(selectToken);
  const ready = Boolean(request.city_id) && !lacksMarkup(request);
  const list = usePriceListQuery(request as PriceListQuery, { skip: !ready });
  const [createLink, link] = useCreatePriceListLinkMutation();
  const { say, notice } = useNotice({ mb: 2 });

  const download = async (format: 'xlsx' | 'pdf') => {
    try {
      const res = await fetch(`/api/price-list/export?format=${format}&${encodePriceListQuery(request)}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok)
        throw new Error(
          ((await res.json().catch(() => ({}))) as { message?: string; messages?: string[] }).messages?.[0] ??
            res.statusText,
        );
      save(await res.blob(), fileNameOf(res.headers.get('Content-Disposition'), `${TEXT.title}.${format}`));
    } catch (e) {
      say('error', (e as Error).message);
    }
  };
  const share = async () => {
    try {
      const made = await createLink(request as PriceListQuery).unwrap();
      await navigator.clipboard?.writeText(made.url).catch(() => undefined);
      say('success', `Ссылка создана: ${made.url}`);
    } catch (e) {
      say('error', errorMessage(e));
    }
  };

  return (
    <Box>
      <PageTitle title={TEXT.title}>
        <Button variant="outlined" disabled={!ready} onClick={() => download('xlsx')}>
          {TEXT.xlsx}
        </Button>
        <Button variant="outlined" disabled={!ready} onClick={() => download('pdf')}>
          {TEXT.pdf}
        </Button>
        <Button variant="contained" disabled={!ready || link.isLoading} onClick={share}>
          {TEXT.link}
        </Button>
      </PageTitle>
      {notice}
      <Filters {...state} />
      {!request.city_id && (
        <Typography color="text.secondary">Выберите город покупателя, чтобы построить прайс-лист.</Typography>
      )}
      {ready && list.isFetching && !list.data && <PageSpinner />}
      {ready && list.error && (
        <Alert severity="error" closable={false}>
          {errorMessage(list.error)}
        </Alert>
      )}
      {ready && list.data && !list.error && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {list.data.company} · {list.data.city.name} · {formatDate(list.data.date)}
            {list.data.valid_until ? ` · действует до ${formatDate(list.data.valid_until)}` : ''} · позиций:{' '}
            {list.data.lines.length}
          </Typography>
          <Lines lines={list.data.lines} cityId={list.data.city.id} />
          <RateNote note={rateNote(list.data.lines)} />
        </>
      )}
      <Links />
    </Box>
  );
}
