// The product card (spec point 2 "Create product"): a name, the status a product can be switched between
// (deactivated: no longer offered for new offers, existing offers keep it) and its varieties.
import * as yup from 'yup';
import { cardNameSchema } from '../schemas/card';
import { MSG } from '../messages';

export const PRODUCT_MSG = {
  duplicate: 'Товар с таким названием уже есть',
  conflictText: 'Товар',
  badStatus: 'Статус может быть только «Активный» или «Деактивирован»',
  notOffered: 'Товар деактивирован или удален: выберите другой',
  varietyDuplicate: 'Такой сорт у товара уже есть',
  varietyInUse: 'Сорт указан в предложениях: его нельзя удалить',
  varietyName: 'Введите название сорта',
} as const;

/** The statuses a user may choose on the product card. */
export const PRODUCT_STATUSES = ['active', 'deactivated'] as const;

const varietyName = () => yup.string().trim().required(PRODUCT_MSG.varietyName).min(2, MSG.min2).max(100);

/** A product; a new one may come with the names of its varieties. */
export const productSchema = () =>
  yup.object({
    name: cardNameSchema,
    varieties: yup
      .array(varietyName())
      .max(100)
      .test('unique', PRODUCT_MSG.varietyDuplicate, (names) => !names || new Set(names.map((n) => n.toLocaleLowerCase('ru'))).size === names.length)
      .optional(),
  });

export const varietySchema = () => yup.object({ name: varietyName() });
