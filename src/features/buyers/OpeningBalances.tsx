// 'Начальное сальдо' in the buyers' import dialog, for the finance right: the template to download, an XLSX
// of ИНН, balance and as-of date to upload (POST /api/buyers/opening-balances); all rows are written or none, and the
// server's refusal names each bad row, listed here as it says them.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import MuiAlert from '@mui/material/Alert';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { OPENING_TEXTS } from '../../../domain/buyers/opening';
import { MSG } from '../../../domain/messages';
import { useAppSelector } from '../../api/hooks';
import { selectToken } from '../../api/auth';
import { save } from '../../components/List/useExport';

const origin = () => globalThis.location?.origin ?? '';

function OpeningBalancesDialog({ onClose }: { onClose: () => void }) {
  const token = useAppSelector(selectToken);
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState<number | null>(null);
  const template = async () => {
    const res = await fetch(`${origin()}/api/buyers/opening-balances/template`, { headers: auth }).catch(() => null);
    if (res?.ok) save(await res.blob(), OPENING_TEXTS.templateName);
    else setProblems([MSG.serverError]);
  };
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setProblems([]);
    setDone(null);
    const form = new FormData();
    form.append('file', file, file.name);
    const res = await fetch(`${origin()}/api/buyers/opening-balances`, {
      method: 'POST',
      headers: auth,
      body: form,
    }).catch(() => null);
    const body = (await res?.json().catch(() => null)) as {
      imported?: number;
      messages?: string[];
      message?: string;
    } | null;
    setBusy(false);
    if (res?.ok && body?.imported !== undefined) setDone(body.imported);
    else setProblems(body?.messages ?? [body?.message ?? MSG.serverError]);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{OPENING_TEXTS.title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="body2">{OPENING_TEXTS.hint}</Typography>
        <Button variant="text" startIcon={<FileDownloadOutlined />} onClick={template} sx={{ alignSelf: 'flex-start' }}>
          {OPENING_TEXTS.template}
        </Button>
        <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
          {file ? file.name : OPENING_TEXTS.choose}
          <input
            hidden
            type="file"
            aria-label={OPENING_TEXTS.choose}
            accept=".xlsx,.csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Button>
        {done !== null && <MuiAlert severity="success">{OPENING_TEXTS.done(done)}</MuiAlert>}
        {problems.length > 0 && (
          <MuiAlert severity="error">
            {problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          </MuiAlert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{OPENING_TEXTS.cancel}</Button>
        <Button variant="contained" disabled={!file || busy} onClick={upload}>
          {busy ? OPENING_TEXTS.uploading : OPENING_TEXTS.upload}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The button the buyers' import dialog offers the finance right. */
export function OpeningBalancesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<FileUploadOutlined />} onClick={() => setOpen(true)}>
        {OPENING_TEXTS.button}
      </Button>
      {open && <OpeningBalancesDialog onClose={() => setOpen(false)} />}
    </>
  );
}
