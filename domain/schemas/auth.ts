import * as yup from 'yup';
import { MSG } from '../messages';

/** The sign-in form (spec point 5, "Login"); POST /login validates its body with the same schema. */
export const loginSchema = yup.object({
  login: yup.string().trim().required(MSG.emailRequired).email(MSG.emailInvalid),
  psswd: yup.string().required(MSG.passwordRequired),
});
export type LoginPayload = yup.InferType<typeof loginSchema>;
