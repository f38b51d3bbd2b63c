// How a card draws one field of its form: a text field or a select bound to formik, with its error shown
// once touched (or after a save was tried), wrapped in the field-settings control that lets the user hide it
// (spec point 2 "Shared widgets"). A field the user hid still shows while it holds an error, so a form never
// fails invisibly. Fields named in `fixed` (a header's) cannot be hidden; fields hidden from the role are not drawn.
import type { ReactNode } from 'react';
import type { FormikProps } from 'formik';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { NamedRef } from '../../api/references';
import { typedNumber } from '../../../domain/format';
import { toNumber } from '../../../domain/numbers';
import { PhoneInput } from '../PhoneInput';
import { ConfigurableField, type FieldSetting } from './FieldSettings';

export interface CardInputsOptions {
  labels: Record<string, string>;
  readOnly: boolean;
  /** Field settings mode: every field shows its settings button. */
  fieldSettings: boolean;
  isVisible(field: string): boolean;
  setField(field: string, setting: FieldSetting): void;
  fixed?: readonly string[];
  /** Fields the caller's role may not see: not drawn at all. */
  hidden?: ReadonlySet<string>;
}

export function cardInputs<V extends object>(
  form: FormikProps<V>,
  { labels, readOnly, fieldSettings, isVisible, setField, fixed = [], hidden }: CardInputsOptions,
) {
  type Name = keyof V & string;
  const errors = form.errors as Record<string, unknown>;
  const touched = form.touched as Record<string, unknown>;
  const fieldError = (name: string) =>
    (touched[name] || form.submitCount > 0) && typeof errors[name] === 'string' ? (errors[name] as string) : undefined;

  /** Any input of the form, wrapped in its settings control. */
  const configurable = (name: string, label: string, input: ReactNode, wide = false) =>
    hidden?.has(name) ? null : fixed.includes(name) ? (
      input
    ) : (
      <ConfigurableField
        key={name}
        name={name}
        label={label}
        wide={wide}
        settingsMode={fieldSettings}
        setting={{ is_visible: isVisible(name) || Boolean(fieldError(name)) }}
        onSave={(next) => setField(name, next)}
      >
        {input}
      </ConfigurableField>
    );

  /** A text field; a wide one (an address) takes two columns of its block's grid. */
  const field = (name: Name, props: TextFieldProps = {}, { wide = false } = {}) =>
    configurable(
      name,
      String(props.label ?? labels[name] ?? name),
      <TextField
        key={name}
        name={name}
        label={labels[name]}
        value={(form.values[name] ?? '') as string}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        disabled={readOnly}
        size="small"
        {...props}
        // the field's error wins over a hint it was given ('Доступно: 120')
        error={Boolean(fieldError(name))}
        helperText={fieldError(name) ?? props.helperText}
      />,
      wide,
    );

  /** Money, a weight or an amount: a text input with the decimal keyboard (never type=number, which
   * shows no comma), kept as typed while the user types, its point written as the Russian comma on leaving the
   * field ('1200.5' → '1200,5'); the payload reads either through typedNumber. */
  const decimal = (name: Name, props: TextFieldProps = {}) =>
    field(name, {
      ...props,
      type: 'text',
      slotProps: {
        ...props.slotProps,
        htmlInput: { inputMode: 'decimal', ...(props.slotProps?.htmlInput as object | undefined) },
      },
      onBlur: (e) => {
        form.handleBlur(e);
        const typed = String(form.values[name] ?? '');
        const shown = decimalShown(typed);
        if (shown !== typed) void form.setFieldValue(name, shown);
        props.onBlur?.(e);
      },
    });

  const select = (name: Name, options: NamedRef[] | undefined, extra: TextFieldProps = {}) =>
    field(name, {
      select: true,
      ...extra,
      children: [
        <MenuItem key="" value="">
          <em>Не выбрано</em>
        </MenuItem>,
        ...(options ?? []).map((o) => (
          <MenuItem key={o.id} value={String(o.id)}>
            {o.name}
          </MenuItem>
        )),
      ],
    });

  /** A phone with the +7 mask: the form holds its digits. */
  const phone = (name: Name) =>
    configurable(
      name,
      labels[name] ?? name,
      <PhoneInput
        name={name}
        label={labels[name]}
        value={String(form.values[name] ?? '')}
        onChange={(digits) => void form.setFieldValue(name, digits)}
        onBlur={() => void form.setFieldTouched(name, true)}
        error={fieldError(name)}
        disabled={readOnly}
      />,
    );

  return { field, decimal, select, phone, configurable, fieldError };
}

/** A typed number as the field shows it once left: its point as the Russian comma, spaces dropped ('1 200.50' →
 * '1200,50'), otherwise as typed; text that is no number stays for its message. */
export const decimalShown = (typed: string): string =>
  toNumber(typed) === null ? typed : typedNumber(typed).replace('.', ',');

export type CardInputs<V extends object> = ReturnType<typeof cardInputs<V>>;
