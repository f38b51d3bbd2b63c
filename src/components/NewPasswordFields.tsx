// A new password and its confirmation (fields psswrd and confirmPsswrd, spec point 5), each with its show/hide
// toggle: the set-password, reset and profile screens ask for them alike.
import { PasswordField } from './PasswordField';
import type { SchemaForm } from './useSchemaForm';

type NewPassword = { psswrd: string; confirmPsswrd: string };

export function NewPasswordFields<V extends NewPassword>({ form, label, autoFocus }: { form: SchemaForm<V>; label: string; autoFocus?: boolean }) {
  return (
    <>
      <PasswordField
        id="psswrd"
        name="psswrd"
        label={label}
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={form.values.psswrd}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={form.visibleError('psswrd')}
      />
      <PasswordField
        id="confirmPsswrd"
        name="confirmPsswrd"
        label="Подтверждение пароля"
        autoComplete="new-password"
        value={form.values.confirmPsswrd}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={form.visibleError('confirmPsswrd')}
      />
    </>
  );
}
