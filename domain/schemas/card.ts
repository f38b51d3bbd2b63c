import * as yup from 'yup';
import { MSG } from '../messages';

/** The name in a card's header (spec point 5 "Card header name"): products, cities, suppliers, employees. */
export const cardNameSchema = yup.string().trim().required(MSG.nameRequired).min(2, MSG.min2);
