// The product card (spec point 2 "Create product"): a name, the status a product can be switched between
// (deactivated: no longer offered for new offers, existing offers keep it) and its varieties.
import * as yup from 'yup';
import { cardNameSchema } from '../schemas/card';
import { resourceSchema } from '../schemas/resourceSchema';
import { visibilityOf } from '../fields';
import { MSG } from '../messages';
import { productsResource } from './resource';
import { VAT_RATES, VAT_RATE_DEFAULT } from '../papers/lines';

export const PRODUCT_MSG = {
  duplicate: 'Товар с таким названием уже есть',
  conflictText: 'Товар',
  badStatus: 'Статус может быть только «Активный» или «Деактивирован»',
  notOffered: 'Товар деактивирован или удален: выберите другой',
  varietyDuplicate: 'Такой сорт у товара уже есть',
  varietyInUse: 'Сорт указан в предложениях: его нельзя удалить',
  varietyName: 'Введите название сорта',
  vatRate: 'Ставка НДС: 22 %, 10 %, 0 % или без НДС',
} as const;

/** The statuses a user may choose on the product card. */
export const PRODUCT_STATUSES = ['active', 'deactivated'] as const;

const varietyName = () => yup.string().trim().required(PRODUCT_MSG.varietyName).min(2, MSG.min2).max(100);

/** What a product card sends, besides comments, its varieties and its status. */
export const PRODUCT_FORM_FIELDS = productsResource.formFields.map((f) => f.key);

/** The field whose hiding by role also hides a form field. */
export const PRODUCT_FIELD_VISIBILITY: Record<string, string> = visibilityOf(productsResource.formFields);

/** A product's form (a new one may come with the names of its varieties, each checked by varietySchema): the name's
 * own rule, every other field as its kind says; `hidden` (the fields the caller's role may not see) not asked for. */
export const productSchema = (hidden: ReadonlySet<string> = new Set()) =>
  resourceSchema(
    productsResource,
    {
      name: cardNameSchema,
      // the rate its invoice and УПД lines are charged at; none given, the general 22 %
      vat_rate: yup
        .string()
        .typeError(PRODUCT_MSG.vatRate)
        .transform((v) => (v === '' || v === null ? undefined : v))
        .default(VAT_RATE_DEFAULT)
        .oneOf([...VAT_RATES], PRODUCT_MSG.vatRate),
    },
    hidden,
  );

/** Two varieties of one product may not share a name, whatever the case. */
export const hasDuplicateName = (names: string[]) =>
  new Set(names.map((n) => n.trim().toLocaleLowerCase('ru'))).size !== names.length;

export const varietySchema = () => yup.object({ name: varietyName() });
