// How the offer card draws one field: the card's shared inputs with the offer's labels; the header product
// cannot be hidden.
import type { FormikProps } from 'formik';
import { cardInputs } from '../../components/Card/cardInputs';
import type { FieldSetting } from '../../components/Card/FieldSettings';
import { LABELS, type OfferFormValues } from './offerForm';

export interface OfferInputsOptions {
  readOnly: boolean;
  /** Field settings mode: every field shows its settings button. */
  fieldSettings: boolean;
  isVisible(field: string): boolean;
  setField(field: string, setting: FieldSetting): void;
}

export const offerInputs = (form: FormikProps<OfferFormValues>, options: OfferInputsOptions) =>
  cardInputs(form, { ...options, labels: LABELS, fixed: ['product_id'] });

export type OfferInputs = ReturnType<typeof offerInputs>;
