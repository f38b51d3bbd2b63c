import * as yup from 'yup';

/** A new password (spec point 5 "Set password"); create-admin and the set-password screen share it. */
export const PASSWORD_MSG = {
  required: 'Введите пароль',
  min8: 'Пароль должен содержать минимум 8 символов',
  lowercase: 'Пароль должен содержать хотя бы одну строчную букву',
  uppercase: 'Пароль должен содержать хотя бы одну заглавную букву',
  digit: 'Пароль должен содержать хотя бы одну цифру',
  confirmRequired: 'Подтвердите пароль',
  mismatch: 'Пароли не совпадают',
} as const;

/** The policy (8+ characters, a lower-case letter, an upper-case one, a digit) on top of a field's own checks. */
export const passwordRules = (field: yup.StringSchema<string>) =>
  field
    .min(8, PASSWORD_MSG.min8)
    .matches(/\p{Ll}/u, PASSWORD_MSG.lowercase)
    .matches(/\p{Lu}/u, PASSWORD_MSG.uppercase)
    .matches(/\d/, PASSWORD_MSG.digit);

export const passwordSchema = passwordRules(yup.string().required(PASSWORD_MSG.required));

export const setPasswordSchema = yup.object({
  psswrd: passwordSchema,
  confirmPsswrd: yup
    .string()
    .required(PASSWORD_MSG.confirmRequired)
    .oneOf([yup.ref('psswrd')], PASSWORD_MSG.mismatch),
});
