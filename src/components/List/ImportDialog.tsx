// 'Импорт' on a list page, for a role whose import right on the section is not none: the template to
// download, the file to upload with its progress, the choice of what to write when some rows are wrong, and the
// per-row report (row, column, the card's message) as a table and as a CSV file.
import { useCallback, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MuiAlert from '@mui/material/Alert';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import {
  IMPORT_LIMITS,
  IMPORT_MSG,
  REPORT_HEADER,
  reportCsv,
  rowsWithProblems,
  type ImportMode,
  type ImportReport,
} from '../../../domain/import';
import type { Section } from '../../../domain/sections';
import { save } from './useExport';
import { useImport } from './useImport';

export const IMPORT_DIALOG_TEXTS = {
  button: 'Импорт',
  intro: `Заполните шаблон (или свой файл с теми же столбцами) и загрузите его: XLSX или CSV, до ${IMPORT_LIMITS.maxBytes / 1024 / 1024} МБ и ${IMPORT_LIMITS.maxRows.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} строк. Каждая строка проверяется, как карточка.`,
  template: 'Скачать шаблон',
  choose: 'Выбрать файл',
  noFile: 'Файл не выбран',
  modeLabel: 'Если в файле есть ошибки',
  modeAll: 'Ничего не загружать, пока файл не исправлен',
  modeValid: 'Загрузить строки без ошибок, остальные показать в отчёте',
  upload: 'Загрузить',
  uploading: (percent: number) => `Отправка файла: ${percent}%`,
  checking: 'Проверяем строки…',
  cancel: 'Отменить',
  close: 'Закрыть',
  report: 'Отчёт об ошибках',
  downloadReport: 'Скачать отчёт (CSV)',
  loadValid: (n: number) => `Загрузить строки без ошибок (${n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')})`,
  shown: (shown: number, total: number) => `Показаны первые ${shown} из ${total}: полный отчёт — в файле`,
  reportName: (file: string) => `Ошибки импорта ${file.replace(/\.[^.]+$/, '')}.csv`,
} as const;

/** Rows of the report drawn in the dialog; the file has them all. */
const SHOWN = 200;

function Outcome({ section, report }: { section: Section; report: ImportReport }) {
  if (report.imported > 0 || !report.problems.length) {
    return (
      <MuiAlert severity={report.problems.length ? 'warning' : 'success'}>
        {IMPORT_MSG.imported(section, report.imported, report.total)}
      </MuiAlert>
    );
  }
  return (
    <MuiAlert severity="error">{IMPORT_MSG.nothingImported(rowsWithProblems(report.problems), report.total)}</MuiAlert>
  );
}

function ReportTable({ report }: { report: ImportReport }) {
  const shown = report.problems.slice(0, SHOWN);
  return (
    <>
      <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={IMPORT_DIALOG_TEXTS.report}>
          <TableHead>
            <TableRow>
              {REPORT_HEADER.map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((p, i) => (
              <TableRow key={i}>
                <TableCell>{p.row}</TableCell>
                <TableCell>{p.column || '—'}</TableCell>
                <TableCell>{p.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {report.problems.length > SHOWN && (
        <Typography variant="body2" color="text.secondary">
          {IMPORT_DIALOG_TEXTS.shown(SHOWN, report.problems.length)}
        </Typography>
      )}
    </>
  );
}

export interface ImportDialogProps {
  section: Section;
  /** 'Импорт предложений'. */
  title: string;
  open: boolean;
  onClose(): void;
  token: string | null;
  /** Rows were written: the list refreshes. */
  onImported(): void;
  /** Another way in, above the template (offers: 'Загрузить прайс поставщика', a supplier's own file). */
  extra?: ReactNode;
}

export function ImportDialog({ section, title, open, onClose, token, onImported, extra }: ImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('all');
  const importing = useImport(section, token, onImported);
  const { stage } = importing;
  const busy = stage.kind === 'uploading' || stage.kind === 'checking';
  const report = stage.kind === 'done' ? stage.report : null;

  const close = useCallback(() => {
    importing.cancel();
    importing.reset();
    setFile(null);
    onClose();
  }, [importing, onClose]);

  return (
    <Dialog open={open} onClose={busy ? undefined : close} maxWidth="md" fullWidth aria-labelledby="import-title">
      <DialogTitle id="import-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {extra && <Box>{extra}</Box>}
        <Typography variant="body2">{IMPORT_DIALOG_TEXTS.intro}</Typography>
        <Box>
          <Button variant="text" startIcon={<FileDownloadOutlined />} onClick={importing.downloadTemplate}>
            {IMPORT_DIALOG_TEXTS.template}
          </Button>
        </Box>
        {importing.templateError && <MuiAlert severity="error">{importing.templateError}</MuiAlert>}

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" component="label" startIcon={<FileUploadOutlined />} disabled={busy}>
            {IMPORT_DIALOG_TEXTS.choose}
            <input
              hidden
              type="file"
              accept=".xlsx,.csv"
              aria-label="Файл для импорта"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                importing.reset();
                e.target.value = '';
              }}
            />
          </Button>
          <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
            {file?.name ?? IMPORT_DIALOG_TEXTS.noFile}
          </Typography>
        </Box>

        <Box>
          <Typography variant="body2" id="import-mode" sx={{ fontWeight: 500 }}>
            {IMPORT_DIALOG_TEXTS.modeLabel}
          </Typography>
          <RadioGroup
            aria-labelledby="import-mode"
            value={mode}
            onChange={(e) => setMode(e.target.value as ImportMode)}
          >
            <FormControlLabel
              value="all"
              control={<Radio size="small" />}
              label={IMPORT_DIALOG_TEXTS.modeAll}
              disabled={busy}
            />
            <FormControlLabel
              value="valid"
              control={<Radio size="small" />}
              label={IMPORT_DIALOG_TEXTS.modeValid}
              disabled={busy}
            />
          </RadioGroup>
        </Box>

        {stage.kind === 'uploading' && (
          <Box role="status">
            <Typography variant="body2">{IMPORT_DIALOG_TEXTS.uploading(stage.percent)}</Typography>
            <LinearProgress variant="determinate" value={stage.percent} aria-label="Ход загрузки" />
          </Box>
        )}
        {stage.kind === 'checking' && (
          <Box role="status">
            <Typography variant="body2">{IMPORT_DIALOG_TEXTS.checking}</Typography>
            <LinearProgress aria-label="Ход загрузки" />
          </Box>
        )}
        {stage.kind === 'failed' && <MuiAlert severity="error">{stage.message}</MuiAlert>}
        {report && (
          <>
            <Outcome section={section} report={report} />
            {report.problems.length > 0 && (
              <>
                <ReportTable report={report} />
                <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                  <Button
                    startIcon={<FileDownloadOutlined />}
                    onClick={() =>
                      save(
                        new Blob([reportCsv(report.problems)], { type: 'text/csv;charset=utf-8' }),
                        IMPORT_DIALOG_TEXTS.reportName(file?.name ?? 'файла'),
                      )
                    }
                  >
                    {IMPORT_DIALOG_TEXTS.downloadReport}
                  </Button>
                  {report.imported === 0 && report.valid > 0 && file && (
                    <Button
                      variant="contained"
                      onClick={() => {
                        setMode('valid');
                        void importing.start(file, 'valid');
                      }}
                    >
                      {IMPORT_DIALOG_TEXTS.loadValid(report.valid)}
                    </Button>
                  )}
                </Box>
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {busy ? (
          <Button onClick={importing.cancel}>{IMPORT_DIALOG_TEXTS.cancel}</Button>
        ) : (
          <Button onClick={close}>{IMPORT_DIALOG_TEXTS.close}</Button>
        )}
        <Button variant="contained" disabled={!file || busy} onClick={() => file && importing.start(file, mode)}>
          {IMPORT_DIALOG_TEXTS.upload}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
