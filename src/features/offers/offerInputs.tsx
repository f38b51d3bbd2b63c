// How the offer card draws one field: a text field or a select bound to the form, wrapped (except the header
// product) in the field-settings control that lets the user hide it.
import type { FormikProps } from 'formik';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { NamedRef } from '../../api/references';
import { ConfigurableField, type FieldSetting } from '../../components/Card/FieldSettings';
import { LABELS, type OfferFormValues } from './offerForm';

export interface OfferInputsOptions {
  readOnly: boolean;
  /** Field settings mode: every field shows its settings button. */
  fieldSettings: boolean;
  isVisible(field: string): boolean;
  setField(field: string, setting: FieldSetting): void;
}

export function offerInputs(form: FormikProps<OfferFormValues>, { readOnly, fieldSettings, isVisible, setField }: OfferInputsOptions) {
  const fieldError = (name: keyof OfferFormValues) =>
    (form.touched[name] || form.submitCount > 0) && typeof form.errors[name] === 'string' ? (form.errors[name] as string) : undefined;

  const input = (name: keyof OfferFormValues, props: TextFieldProps = {}) => (
    <TextField
      key={name}
      name={name}
      label={LABELS[name]}
      value={form.values[name] as string}
      onChange={form.handleChange}
      onBlur={form.handleBlur}
      error={Boolean(fieldError(name))}
      helperText={fieldError(name)}
      disabled={readOnly}
      size="small"
      {...props}
    />
  );

  // every field but the header product can be hidden by the user in field settings mode
  const field = (name: keyof OfferFormValues, props: TextFieldProps = {}) =>
    name === 'product_id' ? (
      input(name, props)
    ) : (
      <ConfigurableField
        key={name}
        name={name}
        label={String(props.label ?? LABELS[name])}
        settingsMode={fieldSettings}
        // a field the user hid still shows while it holds an error, so a form never fails invisibly
        setting={{ is_visible: isVisible(name) || Boolean(fieldError(name)) }}
        onSave={(next) => setField(name, next)}
      >
        {input(name, props)}
      </ConfigurableField>
    );

  const select = (name: keyof OfferFormValues, options: NamedRef[] | undefined, extra: TextFieldProps = {}) =>
    field(name, {
      select: true,
      ...extra,
      children: [
        <MenuItem key="" value=""><em>Не выбрано</em></MenuItem>,
        ...(options ?? []).map((o) => <MenuItem key={o.id} value={String(o.id)}>{o.name}</MenuItem>),
      ],
    });

  return { field, select };
}

export type OfferInputs = ReturnType<typeof offerInputs>;
