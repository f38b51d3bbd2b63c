// 'Настройка таблицы': the columns the user has hidden (to bring back), 'Сбросить' and 'Применить'.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import { setColumnVisible, type TableColumn } from './columns';

export interface TableSettingsPanelProps {
  columns: TableColumn[];
  onColumnsChange(columns: TableColumn[]): void;
  onReset(): void;
  onApply(): void;
  saving?: boolean;
}

export function TableSettingsPanel({ columns, onColumnsChange, onReset, onApply, saving }: TableSettingsPanelProps) {
  const hidden = columns.filter((c) => !c.is_visible && !c.isForbidden);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="region" aria-label="Настройка таблицы">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          Настройка таблицы
        </Typography>
        <Button onClick={onReset}>Сбросить</Button>
        <Button variant="contained" onClick={onApply} disabled={saving}>
          Применить
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Перетаскивайте заголовки, чтобы поменять столбцы местами; тяните за край заголовка, чтобы изменить ширину.
      </Typography>
      {hidden.length === 0 ? (
        <Typography>Все поля выбраны в таблице</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} aria-label="Скрытые столбцы" role="list">
          {hidden.map((column) => (
            <Chip
              key={column.key}
              role="listitem"
              label={column.title}
              variant="outlined"
              onClick={() => onColumnsChange(setColumnVisible(columns, column.key, true))}
              onDelete={() => onColumnsChange(setColumnVisible(columns, column.key, true))}
              deleteIcon={<AddCircleOutline aria-label={`Показать столбец «${column.title}»`} />}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
