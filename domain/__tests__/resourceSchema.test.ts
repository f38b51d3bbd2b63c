// A card's schema is read from its section's resource: a field added there is asked for and kept on save with no line
// in the section's schema.ts, while the section's own rules (an INN's check digits, a select's message) still hold.
import * as yup from 'yup';
import { defineResource, type FieldSpec } from '../resource';
import { resourceSchema, type SchemaSource } from '../schemas/resourceSchema';
import { employeeRules, employeeSchema } from '../employees/schema';
import { employeesResource } from '../employees/resource';
import { supplierRules } from '../suppliers/schema';
import { suppliersResource } from '../suppliers/resource';
import { buyerRules } from '../buyers/schema';
import { buyersResource } from '../buyers/resource';

// the one line: an OKPO code, required, at least 8 characters
const okpo: FieldSpec = { label: 'ОКПО', kind: 'text', required: true, minLength: 8, column: { width: 120 } };
const withFields = (resource: { spec: { fields: Record<string, FieldSpec> } }, fields: Record<string, FieldSpec>) =>
  defineResource({
    ...resource.spec,
    fields: { ...resource.spec.fields, ...fields },
  } as never) as unknown as SchemaSource<string>;
const withOkpo = (resource: { spec: { fields: Record<string, FieldSpec> } }) => withFields(resource, { okpo });

const errorsOf = (schema: yup.AnyObjectSchema, values: Record<string, unknown>) =>
  schema.validate(values, { abortEarly: false }).then(
    () => [],
    (e: { errors: string[] }) => e.errors,
  );

const sections = [
  {
    section: 'employees',
    schema: resourceSchema(withOkpo(employeesResource), employeeRules()),
    valid: { full_name: 'Тихонов Олег', email: 'oleg@orehi.ru', position_id: '2' },
  },
  {
    section: 'suppliers',
    schema: resourceSchema(withOkpo(suppliersResource), supplierRules()),
    valid: {
      name: 'ООО «Кедр»',
      email: 'kedr@kedr.ru',
      contact_name: 'Иванов',
      inn: '7707083893',
      city_id: '1',
      location: 'Москва, ул. Складская, 4',
    },
  },
  {
    section: 'buyers',
    schema: resourceSchema(withOkpo(buyersResource), buyerRules()),
    valid: { name: 'ООО «Орех»', payment_terms: 'prepay' },
  },
];

test.each(sections)(
  '$section: a text field added to the resource is required, checked by its length and kept, trimmed',
  async ({ schema, valid }) => {
    expect(await errorsOf(schema, valid)).toEqual(['Обязательное поле']);
    expect(await errorsOf(schema, { ...valid, okpo: '1234' })).toEqual(['Минимум 8 символов']);
    expect(await schema.validate({ ...valid, okpo: ' 12345678 ' })).toMatchObject({ okpo: '12345678' });
  },
);

test.each(sections)(
  '$section: a role that does not see the field is not asked for it',
  async ({ schema, valid, section }) => {
    const source = withOkpo(
      section === 'employees' ? employeesResource : section === 'suppliers' ? suppliersResource : buyersResource,
    );
    const own = section === 'employees' ? employeeRules() : section === 'suppliers' ? supplierRules() : buyerRules();
    expect(await errorsOf(resourceSchema(source, own, new Set(['okpo'])), valid)).toEqual([]);
    expect(await errorsOf(schema, { ...valid, okpo: '12345678' })).toEqual([]);
  },
);

test('a field of its own kind: an optional e-mail, money to the kopeck, a whole count', async () => {
  const extra: Record<string, FieldSpec> = {
    backup_email: { label: 'Резервный email', kind: 'email' },
    deposit: { label: 'Залог', kind: 'money' },
    pallets: { label: 'Паллет', kind: 'count' },
  };
  const schema = resourceSchema(withFields(employeesResource, extra), employeeRules());
  const valid = { full_name: 'Тихонов Олег', email: 'oleg@orehi.ru', position_id: '2' };
  expect(await errorsOf(schema, valid)).toEqual([]);
  expect(await errorsOf(schema, { ...valid, backup_email: 'oleg', deposit: '10,555', pallets: '2,5' })).toEqual([
    'Некорректный email',
    'Не больше 2 знаков после запятой',
    'Введите целое число',
  ]);
  expect(await schema.validate({ ...valid, deposit: '10,55', pallets: '3' })).toMatchObject({
    deposit: 10.55,
    pallets: 3,
  });
});

test("the employees' own rules still speak first: the position's own message", async () => {
  expect(await errorsOf(employeeSchema(), { full_name: 'Тихонов Олег', email: 'oleg@orehi.ru' })).toEqual([
    'Выберите должность',
  ]);
});
