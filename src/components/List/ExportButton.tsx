// 'Экспорт' on a list page, for a caller whose role may export the section: XLSX or CSV of the list as it stands
// (its filter, sort and visible columns), then a strip with the bytes received and 'Отменить' while it downloads.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { HeaderToolButton } from './ListHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ExportFormat, ExportProgress } from './useExport';

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'xlsx', label: 'Excel (XLSX)' },
  { format: 'csv', label: 'CSV' },
];

export function ExportButton({ busy, onExport }: { busy: boolean; onExport(format: ExportFormat): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <HeaderToolButton
        label="Экспорт"
        icon={<FileDownloadOutlined />}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, label }) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              onExport(format);
            }}
          >
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} КБ`
    : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;

export function ExportProgressBar({ progress, onCancel }: { progress: ExportProgress; onCancel(): void }) {
  const rows = progress.total === undefined ? '' : `, строк: ${progress.total.toLocaleString('ru-RU')}`;
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      <Box sx={{ flex: 1 }}>
        <Typography variant="body2">
          {`Выгрузка ${progress.format.toUpperCase()}${rows}: получено ${progress.received ? sizeOf(progress.received) : '0 КБ'}`}
        </Typography>
        <LinearProgress aria-label="Ход выгрузки" />
      </Box>
      <Button onClick={onCancel}>Отменить</Button>
    </Box>
  );
}
