// Issue 33, "Offers a role cannot complete": the required fields are the shared schemas', and a role that cannot see
// one of them cannot create in the section, told which.
import type { AnyObjectSchema } from 'yup';
import { createRefusal, hiddenRequiredFields, REQUIRED_FIELDS } from '../requiredFields';
import { permissionsOf, hiddenFieldsOf, type Permissions } from '../permissions';
import { SPEC_HIDDEN_FIELDS } from '../hiddenFields';
import { offerSchema } from '../offers/schema';
import { reserveSchema } from '../reserves/schema';
import { employeeSchema } from '../employees/schema';
import { supplierSchema } from '../suppliers/schema';
import { productSchema } from '../products/schema';
import { citySchema } from '../cities/schema';
import { buyerSchema } from '../buyers/schema';
import type { Section } from '../sectionKeys';
import type { BusinessSettings } from '../settings';
import type { ReserveOffer } from '../reserves/schema';
import { shipmentSchema } from '../shipments/schema';
import { ON_STOCK } from '../offers/logistics';
import { RUBLE } from '../offers/purchase';

// described on a new card's defaults, so a rule that depends on another field resolves as it does there: a lot on
// stock bought in rubles asks for its ruble price (one bought in a currency is priced by the server) and no arrival
const NEW_CARD = { logistics_state: ON_STOCK, purchase_currency: RUBLE };
const required = (schema: AnyObjectSchema) =>
  Object.entries(schema.describe({ value: NEW_CARD }).fields)
    .filter(
      ([, d]) =>
        !(d as { optional: boolean }).optional ||
        (d as { tests?: { name?: string }[] }).tests?.some((t) => t.name === 'required'),
    )
    .map(([key]) => key);

test("the required fields are what each card's shared schema requires", () => {
  const schemas: Record<Section, AnyObjectSchema> = {
    offers: offerSchema('2026-11-28'),
    reserves: reserveSchema({} as ReserveOffer, {} as BusinessSettings, '2026-11-28'),
    employees: employeeSchema(),
    suppliers: supplierSchema(),
    products: productSchema(),
    cities: citySchema(),
    buyers: buyerSchema(),
    shipments: shipmentSchema(),
  };
  // the schema's order is its own; the resource's is the form's
  for (const [section, schema] of Object.entries(schemas))
    expect([section, required(schema).sort()]).toEqual([section, [...REQUIRED_FIELDS[section as Section]].sort()]);
});

const role = (id: '1' | '8', patch: Partial<Permissions> = {}): Permissions => ({
  user_type: 'employee',
  user_id: 7,
  is_admin: false,
  role_id: id,
  role_permissions: permissionsOf('all'),
  hidden_fields: hiddenFieldsOf('employee', SPEC_HIDDEN_FIELDS[id]),
  ...patch,
});

test("role 1 hides an offer's supplier, loading city and loading address: it cannot create offers, told which", () => {
  expect(hiddenRequiredFields(role('1'), 'offers')).toEqual(['Город погрузки', 'Поставщик', 'Адрес погрузки']);
  expect(createRefusal(role('1'), 'offers')).toBe(
    'Нельзя создавать предложения: роли скрыты обязательные поля «Город погрузки», «Поставщик», «Адрес погрузки»',
  );
  // its reserves, products and cities it completes
  for (const section of ['reserves', 'products', 'cities', 'buyers'] as const)
    expect(createRefusal(role('1'), section)).toBeNull();
  // an employee's position: one field, in the singular
  expect(createRefusal(role('1'), 'employees')).toBe(
    'Нельзя создавать сотрудников: роли скрыты обязательное поле «Должность»',
  );
  expect(createRefusal({ ...role('1'), is_admin: true }, 'offers')).toBeNull();
});

test("role 8 hides a reserve's buyer and delivery: no reserves; its responsible the server fills, so it is not named", () => {
  expect(createRefusal(role('8'), 'reserves')).toBe(
    'Нельзя создавать резервы: роли скрыты обязательные поля «Цена продажи за единицу, ₽», ' +
      '«Дата реализации», «Покупатель», «Телефон покупателя», «Город доставки», «Адрес доставки», «Стоимость доставки, ₽/кг», «Дней доставки»',
  );
});

test("a supplier's user does not see the supplier field, which the server fills with its own: it creates offers", () => {
  const rights = {
    ...permissionsOf('none'),
    offers: permissionsOf('own').offers,
    products: permissionsOf('all').products,
    cities: permissionsOf('all').cities,
  };
  const supplierUser: Permissions = {
    user_type: 'supplier',
    user_id: 9,
    is_admin: false,
    role_id: 4,
    role_permissions: rights,
    hidden_fields: hiddenFieldsOf('supplier', {}),
  };
  expect(createRefusal(supplierUser, 'offers')).toBeNull();
  // the same role's rights for a staff account would leave the supplier unfilled
  expect(hiddenRequiredFields(supplierUser, 'offers', { supplierUser: false })).toEqual(['Поставщик']);
});
