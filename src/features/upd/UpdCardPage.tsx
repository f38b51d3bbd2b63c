// One УПД (/upd/{id}) on the papers' page (src/components/Papers/PaperCardPage.tsx): 'Скачать для ЭДО' (its XML)
// while it is live, the print form, once cancelled 'Сформировать заново' of the same reserves (which opens the new
// document); its shipment date and file id, lines and total.
import { useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { formatDate, formatMoney } from '../../../domain/format';
import { UPD_TEXTS } from '../../../domain/upd/texts';
import { UPD_CARD_TEXTS as TEXT, UPD_LIST_TEXTS } from '../../../domain/upd/screens';
import { useMakeUpdMutation } from '../../api/papers';
import { PaperCardPage } from '../../components/Papers/PaperCardPage';
import { useCancelUpdMutation, useUpdHistoryQuery, useUpdQuery } from './updApi';
import { UpdLines } from './UpdLines';

export default function UpdCardPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const card = useUpdQuery(id, { refetchOnMountOrArgChange: true });
  const [cancel, cancelling] = useCancelUpdMutation();
  const [makeUpd, making] = useMakeUpdMutation();
  return (
    <PaperCardPage
      texts={TEXT}
      listPath="/upd"
      card={card}
      cancel={cancel}
      cancelling={cancelling.isLoading}
      useHistory={useUpdHistoryQuery}
      chip={(upd) => ({
        label: UPD_TEXTS.statuses[upd.status],
        color: upd.status === 'active' ? 'success' : 'default',
      })}
      actions={(upd, { download }) => (
        <>
          {upd.status === 'active' && (
            <Button
              variant="contained"
              startIcon={<FileDownloadOutlined />}
              onClick={() => download(`/api/upd/${upd.id}/xml`, `${upd.file_id}.xml`)}
            >
              {UPD_LIST_TEXTS.edo}
            </Button>
          )}
          <Button
            variant="outlined"
            onClick={() =>
              download(`/api/upd/${upd.id}/pdf`, `${UPD_TEXTS.file(String(upd.number), formatDate(upd.date))}.pdf`)
            }
          >
            {TEXT.print}
          </Button>
        </>
      )}
      cancelledAction={(upd, { fail }) => (
        <Button
          variant="outlined"
          disabled={making.isLoading}
          onClick={() =>
            void makeUpd([...new Set((upd.lines ?? []).map((l) => l.reserve_id))])
              .unwrap()
              .then((made) => navigate(`/upd/${made.id}`), fail)
          }
        >
          {TEXT.again}
        </Button>
      )}
      facts={(upd) => (
        <>
          <Typography>
            {TEXT.shipmentDate}: {formatDate(upd.shipment_date)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {TEXT.fileId}: {upd.file_id}
          </Typography>
        </>
      )}
    >
      {(upd) => (
        <>
          <UpdLines lines={upd.lines ?? []} />
          <Typography sx={{ mt: 1, textAlign: 'right' }} data-testid="upd-total">
            {TEXT.total}: {formatMoney(upd.sum_with_vat)}
          </Typography>
        </>
      )}
    </PaperCardPage>
  );
}
