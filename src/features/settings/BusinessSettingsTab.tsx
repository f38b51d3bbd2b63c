// The business settings every selling price depends on, and the business time zone that decides "today"
//. Saving a price setting recomputes every offer's selling band.
// The markups are typed in percent ('10 %') and stored, as the spec has them, as fractions (0.1).
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Alert } from '../../components/Alert';
import { useNotice } from '../../components/useNotice';
import { Spinner } from '../../components/Spinner';
import type { ApiError } from '../../api/errors';
import { BUSINESS_SETTING_NAMES, type BusinessSettingName } from '../../../domain/settings';
import { editableNumber, typedNumber } from '../../../domain/format';
import { decimalShown } from '../../components/Card/cardInputs';
import {
  businessSettingsFormSchema,
  isMarkup,
  isPercent,
  markupFraction,
  markupPercent,
  SETTING_TITLE,
} from '../../../domain/settingsSchema';
import { TIME_ZONE_DEFAULT, TIME_ZONE_TITLE } from '../../../domain/businessDay';
import { useAdminSettingsQuery, useSaveSettingsMutation, type SettingsValues } from './adminApi';
import { ShortfallRuleSetting } from './ShortfallRuleSetting';
import { ImportVatSetting } from './ImportVatSetting';
import { CompanySettings } from './CompanySettings';
import { DocumentSettings } from './DocumentSettings';
import { settingField } from './settingField';

/** The settings in rubles per kg and the margins' check's percents: typed and shown as decimals with the comma. */
const isRubles = (name: BusinessSettingName) =>
  name === 'delivery_cost_default' ||
  name === 'local_delivery_cost_default' ||
  name === 'costs_per_kg' ||
  isPercent(name);

export const BUSINESS_MSG = {
  intro:
    'Из этих значений считаются себестоимость резерва и допустимая цена продажи. Сохранение пересчитывает минимальную и максимальную цену продажи всех предложений.',
  saved: (offers: number) => `Настройки сохранены. Пересчитаны цены продажи предложений: ${offers}`,
  unchanged: 'Настройки сохранены, значения не изменились',
} as const;

export function BusinessSettingsTab() {
  const { data, error, isLoading } = useAdminSettingsQuery();
  if (isLoading) return <Spinner />;
  if (error)
    return (
      <Alert severity="error" closable={false}>
        {(error as ApiError).message}
      </Alert>
    );
  return (
    <>
      <SettingsForm initial={data!} />
      <ShortfallRuleSetting />
      <ImportVatSetting />
      <CompanySettings />
      <DocumentSettings />
    </>
  );
}

function SettingsForm({ initial }: { initial: SettingsValues }) {
  const [save, { isLoading }] = useSaveSettingsMutation();
  const { say, notice } = useNotice({ mt: 2 });
  const form = useFormik<SettingsValues>({
    initialValues: {
      // rubles with the Russian comma, as typed: '12.5' → '12,5'
      ...Object.fromEntries(
        BUSINESS_SETTING_NAMES.map((n) => [
          n,
          isMarkup(n)
            ? markupPercent(initial[n] ?? '')
            : isRubles(n)
              ? editableNumber(initial[n] ?? '')
              : (initial[n] ?? ''),
        ]),
      ),
      time_zone: initial.time_zone ?? TIME_ZONE_DEFAULT,
    } as SettingsValues,
    validationSchema: businessSettingsFormSchema,
    enableReinitialize: true,
    onSubmit: async (values) => {
      const result = await save({
        ...Object.fromEntries(
          BUSINESS_SETTING_NAMES.map((n) => [
            n,
            isMarkup(n) ? markupFraction(values[n]) : isRubles(n) ? typedNumber(values[n]) : values[n],
          ]),
        ),
        time_zone: values.time_zone.trim(),
      } as SettingsValues);
      if ('error' in result) say('error', (result.error as ApiError).message);
      else say('success', result.data.offers ? BUSINESS_MSG.saved(result.data.offers) : BUSINESS_MSG.unchanged);
    },
  });
  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={form.handleSubmit} sx={{ p: 3, maxWidth: 640 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {BUSINESS_MSG.intro}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 2 }}>
        {BUSINESS_SETTING_NAMES.map((name) => (
          <TextField
            key={name}
            {...settingField(form, name, SETTING_TITLE[name].hint)}
            label={SETTING_TITLE[name].label}
            onBlur={(e) => {
              form.handleBlur(e);
              // a point typed becomes the comma once the field is left, never while typing
              if (isRubles(name) || isMarkup(name))
                void form.setFieldValue(name, decimalShown(String(form.values[name] ?? '')));
            }}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              ...(isMarkup(name) ? { input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } } : {}),
            }}
          />
        ))}
        <TextField {...settingField(form, 'time_zone', TIME_ZONE_TITLE.hint)} label={TIME_ZONE_TITLE.label} />
      </Box>
      <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={!form.dirty || isLoading}>
          {isLoading ? 'Сохраняем...' : 'Сохранить'}
        </Button>
      </Box>
      {notice}
    </Paper>
  );
}
