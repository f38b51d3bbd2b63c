// The list page's heading row: title, the search box that opens the filter (with the number of applied
// filters beside it, never over its placeholder), 'Настроить таблицу', 'Экспорт', 'Импорт' and the add link.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import Search from '@mui/icons-material/Search';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Add from '@mui/icons-material/Add';
import { PageTitle } from '../PageTitle';

export interface ListHeaderProps {
  title: string;
  filterCount: number;
  onOpenFilter(): void;
  settingsMode: boolean;
  onToggleSettings(): void;
  /** The create link, when the caller may create. */
  add?: { label: string; to: string; from: string };
  /** 'Экспорт', when the caller may export. */
  exportButton?: ReactNode;
  /** 'Импорт', when the caller may import. */
  importButton?: ReactNode;
}

// on narrow screens (below 1200 px) 'Настроить таблицу' keeps its icon only, so the row fits in one line
const SETTINGS_LABEL_SX = { display: { xs: 'none', lg: 'inline' } } as const;
const SETTINGS_BUTTON_SX = { flexShrink: 0, whiteSpace: 'nowrap', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, lg: 1 }, ml: { xs: 0, lg: -0.5 } } } as const;

export function ListHeader({ title, filterCount, onOpenFilter, settingsMode, onToggleSettings, add, exportButton, importButton }: ListHeaderProps) {
  return (
    <PageTitle title={title}>
      <OutlinedInput
        size="small"
        placeholder="Поиск и фильтры"
        readOnly
        onClick={onOpenFilter}
        onKeyDown={(e) => e.key === 'Enter' && onOpenFilter()}
        inputProps={{ 'aria-label': 'Открыть фильтр' }}
        startAdornment={<InputAdornment position="start"><Search fontSize="small" /></InputAdornment>}
        sx={{ flex: '0 1 280px', minWidth: 180, bgcolor: 'background.paper', cursor: 'pointer' }}
      />
      {filterCount > 0 && (
        <Chip label={`Фильтров: ${filterCount}`} color="primary" variant="outlined" onClick={onOpenFilter} sx={{ flexShrink: 0 }} />
      )}
      <Button
        variant={settingsMode ? 'contained' : 'outlined'}
        startIcon={<TuneOutlined />}
        onClick={onToggleSettings}
        aria-label="Настроить таблицу"
        title="Настроить таблицу"
        sx={SETTINGS_BUTTON_SX}
      >
        <Box component="span" sx={SETTINGS_LABEL_SX}>Настроить таблицу</Box>
      </Button>
      {exportButton}
      {importButton}
      {add && (
        <Button variant="contained" startIcon={<Add />} component={RouterLink} to={add.to} state={{ from: add.from }} sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          {add.label}
        </Button>
      )}
    </PageTitle>
  );
}
