// The list page's heading row: title, the search box that opens the filter (with the number of applied
// filters beside it, never over its placeholder), 'Настроить таблицу', 'Экспорт', 'Импорт' and the add link.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
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

// on narrow screens (below 1200 px) the header's tool buttons keep their icon only, so the row fits in one line
// (at 1024 px: title, search, 'Настроить таблицу', 'Экспорт', 'Импорт' and the add button; the search box gives
// way first, from 280 down to 150 px, and the icons stand close together); the name stays as the button's label
// and tooltip
const LABEL_SX = { display: { xs: 'none', lg: 'inline' } } as const;
const TOOL_SX = {
  flexShrink: 0,
  whiteSpace: 'nowrap',
  minWidth: 0,
  px: { xs: 1, lg: 2 },
  '& .MuiButton-startIcon': { mr: { xs: 0, lg: 1 }, ml: { xs: 0, lg: -0.5 } },
} as const;

/** A tool button of the list's header: its icon always, its name from 1200 px. */
export function HeaderToolButton({
  label,
  icon,
  ...props
}: Omit<ButtonProps, 'children' | 'startIcon'> & { label: string; icon: ReactNode }) {
  return (
    <Button variant="outlined" {...props} startIcon={icon} aria-label={label} title={label} sx={TOOL_SX}>
      <Box component="span" sx={LABEL_SX}>
        {label}
      </Box>
    </Button>
  );
}

export function ListHeader({
  title,
  filterCount,
  onOpenFilter,
  settingsMode,
  onToggleSettings,
  add,
  exportButton,
  importButton,
}: ListHeaderProps) {
  return (
    <PageTitle title={title}>
      <OutlinedInput
        size="small"
        placeholder="Поиск и фильтры"
        readOnly
        onClick={onOpenFilter}
        onKeyDown={(e) => e.key === 'Enter' && onOpenFilter()}
        inputProps={{ 'aria-label': 'Открыть фильтр' }}
        startAdornment={
          <InputAdornment position="start">
            <Search fontSize="small" />
          </InputAdornment>
        }
        sx={{ flex: '10 1 150px', minWidth: 150, maxWidth: 280, bgcolor: 'background.paper', cursor: 'pointer' }}
      />
      {filterCount > 0 && (
        <Chip
          label={`Фильтров: ${filterCount}`}
          color="primary"
          variant="outlined"
          onClick={onOpenFilter}
          sx={{ flexShrink: 0 }}
        />
      )}
      <Box sx={{ display: 'flex', gap: { xs: 0.5, lg: 2 }, flexShrink: 0 }}>
        <HeaderToolButton
          label="Настроить таблицу"
          icon={<TuneOutlined />}
          variant={settingsMode ? 'contained' : 'outlined'}
          onClick={onToggleSettings}
        />
        {exportButton}
        {importButton}
      </Box>
      {add && (
        <Button
          variant="contained"
          startIcon={<Add />}
          component={RouterLink}
          to={add.to}
          state={{ from: add.from }}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {add.label}
        </Button>
      )}
    </PageTitle>
  );
}
