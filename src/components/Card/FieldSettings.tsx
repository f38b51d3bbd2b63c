// Field settings mode of cards (spec point 2 "Shared widgets"): in settings mode every field has a settings
// button that opens a panel with the 'hide' checkbox; Save appears once the checkbox was touched and hands the
// field's config with the new is_visible over; the panel's overlay locks page scrolling. A hidden field shows
// 'Поле скрыто!' and 'Настроить' in settings mode and nothing outside it. The layout is saved per user.
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { Section } from '../../../domain/sections';
import { CARD_TEXTS } from './CardForm';
import { useSaveTableConfigMutation, useTableConfigQuery } from '../../api/lists';

export interface FieldSetting {
  is_visible: boolean;
}
export type CardConfig = Record<string, FieldSetting>;

export const cardConfigKey = (section: Section) => `card:${section}`;

/** The user's saved field layout of a section's card, and a way to change one field. */
export function useCardConfig(section: Section) {
  const key = cardConfigKey(section);
  const { data } = useTableConfigQuery(key);
  const [save] = useSaveTableConfigMutation();
  const config = (data ?? {}) as unknown as CardConfig;
  return {
    config,
    isVisible: (field: string) => config[field]?.is_visible !== false,
    setField: (field: string, setting: FieldSetting) =>
      save({ key, config: { ...config, [field]: setting } as never }).unwrap(),
  };
}

export function FieldSettingsPanel({
  open,
  label,
  setting,
  onSave,
  onClose,
}: {
  open: boolean;
  label: string;
  setting: FieldSetting;
  onSave(next: FieldSetting): void;
  onClose(): void;
}) {
  const [hide, setHide] = useState(!setting.is_visible);
  const [touched, setTouched] = useState(false);
  return (
    // MUI's modal locks the page's scrolling while it is open
    <Dialog open={open} onClose={onClose} aria-labelledby="field-settings-title" maxWidth="xs" fullWidth>
      <DialogTitle id="field-settings-title">{`Настройка поля «${label}»`}</DialogTitle>
      <DialogContent>
        <FormControlLabel
          control={
            <Checkbox
              name="hide"
              checked={hide}
              onChange={(e) => {
                setHide(e.target.checked);
                setTouched(true);
              }}
            />
          }
          label="Скрыть поле"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Закрыть</Button>
        {touched && (
          <Button
            variant="contained"
            onClick={() => {
              onSave({ ...setting, is_visible: !hide });
              onClose();
            }}
          >
            Сохранить
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Wraps one field of a card with its settings button and its hidden state. */
export function ConfigurableField({
  name,
  label,
  wide = false,
  settingsMode,
  setting,
  onSave,
  children,
}: {
  name: string;
  label: string;
  /** Takes two columns of the block's grid (the field is the grid's cell through this wrapper). */
  wide?: boolean;
  settingsMode: boolean;
  setting: FieldSetting;
  onSave(next: FieldSetting): void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  if (!settingsMode && !setting.is_visible) return null;
  const panel = open && (
    <FieldSettingsPanel open label={label} setting={setting} onSave={onSave} onClose={() => setOpen(false)} />
  );
  if (!setting.is_visible) {
    return (
      <Box
        data-field={name}
        sx={{
          gridColumn: wide ? 'span 2' : undefined,
          border: '1px dashed',
          borderColor: 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 0.5,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {label}: Поле скрыто!
        </Typography>
        <Button size="small" onClick={() => setOpen(true)}>
          Настроить
        </Button>
        {panel}
      </Box>
    );
  }
  return (
    <Box
      data-field={name}
      sx={{
        gridColumn: wide ? 'span 2' : undefined,
        position: 'relative',
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        '& > :first-of-type': { flexGrow: 1 },
      }}
    >
      {children}
      {settingsMode && (
        <IconButton
          size="small"
          aria-label={`Настроить поле «${label}»`}
          onClick={() => setOpen(true)}
          sx={{ mt: 0.5 }}
        >
          <SettingsOutlined fontSize="small" />
        </IconButton>
      )}
      {panel}
    </Box>
  );
}

/** 'Настроить поля' ↔ 'Готово': switches a card's field settings mode, above the block that holds the fields. */
export function FieldSettingsButton({ on, onToggle }: { on: boolean; onToggle(): void }) {
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
      <Button size="small" startIcon={<TuneOutlined />} variant={on ? 'contained' : 'text'} onClick={onToggle}>
        {on ? CARD_TEXTS.settingsDone : CARD_TEXTS.settings}
      </Button>
    </Box>
  );
}
