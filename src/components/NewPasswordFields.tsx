// A new password and its confirmation (fields psswrd and confirmPsswrd, spec point 5), each with its show/hide
// toggle: the set-password, reset and profile screens ask for them alike.
import { PasswordField } from './PasswordField';
import type { SchemaForm } from './useSchemaForm';

type NewPassword = { psswrd: string; confirmPsswrd: string };

export function NewPasswordFields<V extends NewPassword>({
  form,
  label,
  autoFocus,
}: {
  form: SchemaForm<V>;
  label: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" autoFocus={autoFocus} {...form.field('psswrd')} />
      <PasswordField label="Подтверждение пароля" autoComplete="new-password" {...form.field('confirmPsswrd')} />
    </>
  );
}
