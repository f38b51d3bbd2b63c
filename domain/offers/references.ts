// "References that stay true": an offer's product, loading city and supplier are records of their own
// sections (the offers resource's references to a section). While active offers use one of them it is not deleted
// (refused with the count, 'Нельзя удалить поставщика: активных предложений — 3'), and no offer is put on one that
// is gone: a new offer, or an edit moving an offer, onto a deleted one is refused in the field's own words.
import { SECTION, type Section } from '../sections';
import { PRODUCT_MSG } from '../products/schema';
import { offersResource } from './resource';

/** An offer put on a record that is gone (deleted, or a product off offer): the field's own words. */
export const GONE_REFERENCE_MSG: Readonly<Record<string, string>> = {
  product_id: PRODUCT_MSG.notOffered,
  city_id: 'Город погрузки удален: выберите другой',
  supplier_id: 'Поставщик удален: выберите другого',
};

/** An offer's field that names a record of another section, and the refusal when that record is gone. */
export interface OfferReference {
  field: string;
  section: Section;
  message: string;
}

/** The offers' references to records of a section, as the offers resource declares them: product, loading city,
 * supplier. */
export const OFFER_REFERENCES: readonly OfferReference[] = offersResource.all
  .filter((field) => field.reference?.section)
  .map((field) => ({ field: field.key, section: field.reference!.section!, message: GONE_REFERENCE_MSG[field.key] }));

/** The sections whose records active offers use. */
export const USED_BY_OFFERS: readonly Section[] = [...new Set(OFFER_REFERENCES.map((r) => r.section))];

/** A section's records that stay while active records of another section use them, refused with the count. */
export const IN_USE_MSG = {
  /** 'Нельзя удалить поставщика: активных предложений — 3' ('товар', 'город': the registry's accusative). */
  offers: (section: Section, count: number) =>
    `Нельзя удалить ${SECTION[section].one}: активных предложений — ${count}`,
} as const;
