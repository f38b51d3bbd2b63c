// A card draws its fields from its section's resource: a field added there is on the card under its label, drawn by
// its kind, with nothing written in the card (issue 52). Shown here on the employee's and the supplier's fields.
import { render, screen } from '@testing-library/react';
import { useFormik } from 'formik';
import { Provider } from 'react-redux';
import { makeStore } from '../src/app/store';
import { cardInputs } from '../src/components/Card/cardInputs';
import { ResourceFields, type FieldsSource } from '../src/components/Card/ResourceFields';
import { defineResource, type FieldSpec } from '../domain/resource';
import { employeesResource } from '../domain/employees/resource';
import { suppliersResource } from '../domain/suppliers/resource';

const extra: Record<string, FieldSpec> = {
  okpo: { label: 'ОКПО', kind: 'text', column: { width: 120 } },
  deposit: { label: 'Залог, ₽', kind: 'money', column: { width: 120 } },
};
const withExtra = (resource: { spec: { fields: Record<string, FieldSpec> } }) =>
  defineResource({
    ...resource.spec,
    fields: { ...resource.spec.fields, ...extra },
  } as never) as unknown as FieldsSource;

function Fields({ resource, skip, hidden }: { resource: FieldsSource; skip: string[]; hidden: string[] }) {
  const form = useFormik<Record<string, string>>({
    initialValues: { okpo: '12345678', deposit: '1500,5' },
    onSubmit: () => undefined,
  });
  const labels = Object.fromEntries(resource.formFields.map((f) => [f.key, f.label]));
  const inputs = cardInputs(form, {
    labels,
    readOnly: false,
    fieldSettings: false,
    isVisible: () => true,
    setField: () => undefined,
  });
  return <ResourceFields resource={resource} form={form} inputs={inputs} hidden={new Set(hidden)} skip={skip} />;
}

const renderFields = (resource: FieldsSource, skip: string[], hidden: string[] = []) =>
  render(
    <Provider store={makeStore()}>
      <Fields resource={resource} skip={skip} hidden={hidden} />
    </Provider>,
  );

test('the employee card draws a text and a money field added to the resource, after its own, by their kinds', () => {
  // the position's list is not asked for here: the role does not see it
  const { container } = renderFields(withExtra(employeesResource), ['full_name'], ['position_id']);
  const labels = [...container.querySelectorAll('label')].map((l) => l.textContent?.replace(/\s*\*$/, ''));
  expect(labels).toEqual(['Телефон', 'Email', 'ОКПО', 'Залог, ₽']);
  expect(screen.getByLabelText('ОКПО')).toHaveValue('12345678');
  expect(screen.getByLabelText('Залог, ₽')).toHaveValue('1500,5');
  expect(screen.getByLabelText('Залог, ₽')).toHaveAttribute('inputmode', 'decimal');
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
});

test("a field the role does not see is not drawn; the supplier's header name is not drawn twice", () => {
  const { container } = renderFields(withExtra(suppliersResource), ['name'], ['okpo', 'city_id']);
  const labels = [...container.querySelectorAll('label')].map((l) => l.textContent?.replace(/\s*\*$/, ''));
  expect(labels).toEqual(['Email', 'Телефон', 'Контактное лицо', 'ИНН', 'Адрес', 'Залог, ₽']);
});
