// The supplier card's price lists: 'Загрузить прайс поставщика', and the uploads kept: date, file (to
// download again), who, and what applying it did ('+5 новых, 12 изменены, 3 сняты').
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import MuiAlert from '@mui/material/Alert';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { PRICE_LIST_MSG } from '../../../domain/suppliers/priceList';
import { countsText } from '../../../domain/suppliers/priceListPreview';
import { formatDateTime } from '../../../domain/format';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';
import { usePriceListUploadsQuery } from './api';
import { save } from '../../components/List/useExport';
import { SupplierPriceListDialog } from './SupplierPriceListDialog';

export const UPLOADS_TEXTS = {
  title: 'Прайсы поставщика',
  empty: 'Прайсы ещё не загружались',
  date: 'Дата',
  file: 'Файл',
  who: 'Кто загрузил',
  result: 'Результат',
  notApplied: 'не применён',
  downloadFailed: 'Не удалось скачать файл',
} as const;

/** 'Загрузить прайс поставщика' alone: the offers' import dialog offers it with a choice of supplier. */
export function SupplierPriceListButton({ supplierId }: { supplierId?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setOpen(true)}>
        {PRICE_LIST_MSG.button}
      </Button>
      {open && <SupplierPriceListDialog open supplierId={supplierId} onClose={() => setOpen(false)} />}
    </>
  );
}

export function SupplierPriceLists({ supplierId }: { supplierId: number }) {
  const uploads = usePriceListUploadsQuery(supplierId);
  const token = useAppSelector(selectToken);
  const [failed, setFailed] = useState(false);
  const download = async (id: number, name: string) => {
    setFailed(false);
    const res = await fetch(`${globalThis.location?.origin ?? ''}/api/price-list-uploads/${id}/file`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    }).catch(() => null);
    if (!res?.ok) {
      setFailed(true);
      return;
    }
    save(await res.blob(), name);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {UPLOADS_TEXTS.title}
        </Typography>
        <SupplierPriceListButton supplierId={supplierId} />
      </Box>
      {failed && <MuiAlert severity="error">{UPLOADS_TEXTS.downloadFailed}</MuiAlert>}
      {uploads.error ? <MuiAlert severity="error">{(uploads.error as { message?: string }).message}</MuiAlert> : null}
      {uploads.data && !uploads.data.length && (
        <Typography variant="body2" color="text.secondary">
          {UPLOADS_TEXTS.empty}
        </Typography>
      )}
      {uploads.data && uploads.data.length > 0 && (
        <Table size="small" aria-label={UPLOADS_TEXTS.title}>
          <TableHead>
            <TableRow>
              {[UPLOADS_TEXTS.date, UPLOADS_TEXTS.file, UPLOADS_TEXTS.who, UPLOADS_TEXTS.result].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {uploads.data.map((u) => (
              <TableRow key={u.id}>
                <TableCell>{formatDateTime(u.uploaded_at)}</TableCell>
                <TableCell>
                  <Link component="button" type="button" onClick={() => void download(u.id, u.file_name)}>
                    {u.file_name}
                  </Link>
                </TableCell>
                <TableCell>{u.uploaded_by ?? '—'}</TableCell>
                <TableCell>{u.counts ? countsText(u.counts) : UPLOADS_TEXTS.notApplied}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
