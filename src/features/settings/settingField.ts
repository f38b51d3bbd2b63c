// A setting typed in a text field of a settings block (formik): the field's id ('setting-<name>'), value and
// handlers, and under it its error once the field was left or a save was tried, else its hint.
import type { FormikProps } from 'formik';

export function settingField<V extends object>(form: FormikProps<V>, name: keyof V & string, hint: string) {
  const error = (form.touched[name] || form.submitCount > 0) && (form.errors[name] as string | undefined);
  return {
    id: `setting-${name}`,
    name,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(error),
    helperText: error || hint,
  };
}
