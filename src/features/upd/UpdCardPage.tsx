// One УПД (/upd/{id}): its buyer, dates, lines and totals; 'Скачать для ЭДО' (its XML), the print form,
// 'Отменить' (confirmed; the number and the lines stay) and, once cancelled, 'Сформировать заново' of the same
// reserves, which opens the new document. It is never edited in place.
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { formatDate, formatDateTime, formatMoney } from '../../../domain/format';
import { UPD_TEXTS } from '../../../domain/upd/texts';
import { UPD_CARD_TEXTS as TEXT, UPD_LIST_TEXTS } from '../../../domain/upd/screens';
import { PAPER_LIST_TEXTS } from '../../../domain/papers/screens';
import { PageSpinner } from '../../components/Spinner';
import { Alert } from '../../components/Alert';
import { errorMessage } from '../../api/errors';
import { useMakeUpdMutation } from '../../api/papers';
import { useCancelUpdMutation, useUpdQuery, type UpdRow } from './updApi';
import { useDownload } from '../../components/Papers/useDownload';
import { CancelPaperDialog } from '../../components/Papers/CancelPaperDialog';
import { UpdLines } from './UpdLines';

export default function UpdCardPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const card = useUpdQuery(id, { refetchOnMountOrArgChange: true });
  // what 'Отменить' answered: newer than the read
  const [changed, setChanged] = useState<UpdRow | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancel, cancelling] = useCancelUpdMutation();
  const [makeUpd, making] = useMakeUpdMutation();
  const files = useDownload();
  const upd = changed?.id === id ? changed : card.data;

  const confirmCancel = async () => {
    setAsking(false);
    setProblem(null);
    try {
      setChanged(await cancel({ id, version: upd!.version }).unwrap());
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  const makeAgain = async () => {
    setProblem(null);
    try {
      const made = await makeUpd([...new Set((upd!.lines ?? []).map((l) => l.reserve_id))]).unwrap();
      navigate(`/upd/${made.id}`);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Box>
      <Button component={RouterLink} to="/upd">
        {TEXT.back}
      </Button>
      {card.isLoading && <PageSpinner />}
      {card.error && (
        <Alert severity="error" closable={false}>
          {errorMessage(card.error)}
        </Alert>
      )}
      {upd && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', my: 2 }}>
            <Typography variant="h1" component="h1" sx={{ fontSize: 24 }}>
              {TEXT.title(upd.number, formatDate(upd.date))}
            </Typography>
            <Chip
              size="small"
              label={UPD_TEXTS.statuses[upd.status]}
              color={upd.status === 'active' ? 'success' : 'default'}
            />
            <Box sx={{ flexGrow: 1 }} />
            {upd.status === 'active' && (
              <Button
                variant="contained"
                startIcon={<FileDownloadOutlined />}
                onClick={() => files.download(`/api/upd/${upd.id}/xml`, `${upd.file_id}.xml`)}
              >
                {UPD_LIST_TEXTS.edo}
              </Button>
            )}
            <Button
              variant="outlined"
              onClick={() =>
                files.download(
                  `/api/upd/${upd.id}/pdf`,
                  `${UPD_TEXTS.file(String(upd.number), formatDate(upd.date))}.pdf`,
                )
              }
            >
              {TEXT.print}
            </Button>
            {upd.status === 'active' ? (
              <Button variant="outlined" color="error" disabled={cancelling.isLoading} onClick={() => setAsking(true)}>
                {TEXT.cancel}
              </Button>
            ) : (
              <Button variant="outlined" disabled={making.isLoading} onClick={() => void makeAgain()}>
                {TEXT.again}
              </Button>
            )}
          </Box>
          {problem && (
            <Alert severity="error" onClose={() => setProblem(null)}>
              {problem}
            </Alert>
          )}
          {files.failed && (
            <Alert severity="error" onClose={files.dismiss}>
              {PAPER_LIST_TEXTS.downloadFailed}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gap: 0.5 }}>
            <Typography>
              {TEXT.buyer}:{' '}
              <Link component={RouterLink} to={`/buyers/${upd.buyer_id}`}>
                {upd.buyer_name}
              </Link>
            </Typography>
            <Typography>
              {TEXT.shipmentDate}: {formatDate(upd.shipment_date)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {TEXT.fileId}: {upd.file_id}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {TEXT.made(upd.created_by_name ?? '—', formatDateTime(upd.created_at))}
            </Typography>
            {upd.cancelled_at && (
              <Typography variant="body2" color="text.secondary">
                {TEXT.cancelledBy(upd.cancelled_by_name ?? '—', formatDateTime(upd.cancelled_at))}
              </Typography>
            )}
          </Paper>
          <UpdLines lines={upd.lines ?? []} />
          <Typography sx={{ mt: 1, textAlign: 'right' }} data-testid="upd-total">
            {TEXT.total}: {formatMoney(upd.sum_with_vat)}
          </Typography>
          <CancelPaperDialog
            open={asking}
            texts={TEXT}
            onKeep={() => setAsking(false)}
            onCancel={() => void confirmCancel()}
          />
        </>
      )}
    </Box>
  );
}
