// A small form of text fields (the public screens, the profile's password), validated by the shared yup schema.
// The cards use formik; the sign-in page does without it to stay inside its 200 KB JS budget (formik and lodash-es are ~10 KB gzipped).
import { useCallback, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import { ValidationError, type ObjectSchema } from 'yup';

type Errors<V> = Partial<Record<keyof V, string>>;

async function validate<V extends object>(schema: ObjectSchema<V>, values: V): Promise<Errors<V>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Errors<V> = {};
    for (const inner of error.inner) {
      const key = inner.path as keyof V;
      if (key && !errors[key]) errors[key] = inner.message;
    }
    return errors;
  }
}

export function useSchemaForm<V extends Record<string, string>>(options: {
  initialValues: V;
  schema: ObjectSchema<V>;
  onSubmit: (values: V) => Promise<void>;
}) {
  const { schema, onSubmit } = options;
  const [values, setValues] = useState(options.initialValues);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const handleChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [event.target.name]: event.target.value } as V;
      setValues(next);
      void validate(schema, next).then(setErrors);
    },
    [schema, values],
  );

  const handleBlur = useCallback(
    (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setTouched((t) => ({ ...t, [event.target.name]: true }));
      void validate(schema, values).then(setErrors);
    },
    [schema, values],
  );

  const handleSubmit = useCallback(
    async (event: FormEvent) => {
      event.preventDefault();
      setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Record<keyof V, boolean>);
      const found = await validate(schema, values);
      setErrors(found);
      if (Object.keys(found).length) return;
      setSubmitting(true);
      try {
        await onSubmit(values);
      } finally {
        setSubmitting(false);
      }
    },
    [schema, values, onSubmit],
  );

  /** The message to show under a field: only once the user has left it or tried to submit. */
  const visibleError = (name: keyof V): string | undefined => (touched[name] && errors[name]) || undefined;

  /** What an input of the field takes: its id and name, value, handlers and visible message. */
  const field = (name: keyof V & string) => ({
    id: name,
    name,
    value: values[name],
    onChange: handleChange,
    onBlur: handleBlur,
    error: visibleError(name),
  });

  return { values, errors, touched, isSubmitting, handleChange, handleBlur, handleSubmit, visibleError, field };
}

export type SchemaForm<V extends Record<string, string>> = ReturnType<typeof useSchemaForm<V>>;
