// The account flows of spec points 2, 3 and 5 (set password, recovery, reset): their payloads, schemas and
// Russian texts, shared by the public screens and the server routes that re-validate them.
import * as yup from 'yup';
import { MSG } from './messages';
import { passwordRules, PASSWORD_MSG } from './schemas/password';
import { cardNameSchema } from './schemas/card';
import { optionalPhone } from './phone';

export type { Profile, SessionInfo } from './answers/session';

export { setPasswordSchema, PASSWORD_MSG } from './schemas/password';

export const ACCOUNT_MSG = {
  recoverySent: 'Инструкции по восстановлению пароля отправлены на указанный email',
  resetDone: 'Пароль успешно изменен',
  resetFailed: 'Произошла ошибка при сбросе пароля',
  accessError: 'Ошибка доступа',
  reload: 'Перезагрузить страницу',
  newPasswordRequired: 'Введите новый пароль',
  confirmNewPasswordRequired: 'Подтвердите новый пароль',
  // the server's answers for a link that no longer opens anything
  linkMissing: 'Ссылка не содержит кода. Откройте ссылку из письма целиком.',
  linkInvalid: 'Ссылка недействительна. Запросите новую.',
  linkUsed: 'Ссылка уже использована. Запросите новую.',
  linkExpired: 'Срок действия ссылки истёк. Запросите новую.',
  tooManyLinks: (minutes: number) =>
    `Слишком много попыток по недействительным ссылкам. Повторите попытку через ${minutes} мин.`,
  tooManyRecoveries: (minutes: number) =>
    `Слишком много запросов на восстановление пароля. Повторите попытку через ${minutes} мин.`,
} as const;

/** Spec point 5 "Recovery"; the payload of POST /recover-password. */
export const recoverySchema = yup.object({
  email: yup.string().trim().required(MSG.emailRequired).email(MSG.emailInvalid),
});
export type RecoveryPayload = yup.InferType<typeof recoverySchema>;

/** The new password of spec point 5 "Reset": its own message when empty, then the set-password policy. */
export const newPasswordSchema = passwordRules(
  yup.string().required(ACCOUNT_MSG.newPasswordRequired).min(1, ACCOUNT_MSG.newPasswordRequired),
);

/** The confirmation of a new password (spec point 5 "Reset"): the reset form's and the profile's. */
const confirmNewPasswordSchema = yup
  .string()
  .required(ACCOUNT_MSG.confirmNewPasswordRequired)
  .min(1, ACCOUNT_MSG.confirmNewPasswordRequired)
  .oneOf([yup.ref('psswrd')], PASSWORD_MSG.mismatch);

/** The reset form (spec point 5 "Reset"); POST /reset-password checks psswrd with newPasswordSchema. */
export const resetPasswordSchema = yup.object({
  psswrd: newPasswordSchema,
  confirmPsswrd: confirmNewPasswordSchema,
});
export type ResetPasswordForm = yup.InferType<typeof resetPasswordSchema>;

/** POST /reset-password: the token from the link and the new password (spec point 3: only psswrd is sent). */
export interface ResetPasswordPayload {
  token: string;
  psswrd: string;
}

/** POST /activate-account: the token from the invitation link and the set-password form. */
export interface ActivatePayload {
  token: string;
  psswrd: string;
  confirmPsswrd: string;
}

export interface ActivateResponse {
  status: string;
  token: string;
}

export interface StatusResponse {
  status: string;
  success?: boolean;
  message?: string;
}

export const INVITE_MSG = {
  userTypeRequired: 'Выберите, кого вы приглашаете: сотрудника или пользователя поставщика',
  roleRequired: 'Выберите роль',
  employeeRequired: 'Выберите сотрудника',
  supplierRequired: 'Выберите поставщика',
  roleMissing: 'Роль не найдена',
  employeeMissing: 'Сотрудник не найден',
  supplierMissing: 'Поставщик не найден',
  accountExists: 'Пользователь с таким email уже есть',
  accountLink: 'Посмотреть пользователя',
  sent: (email: string) => `Приглашение отправлено на ${email}`,
} as const;

/** POST /api/admin/invitations: who is invited, as whom (an employee's or a supplier's user) and with which role. */
export const invitationSchema = yup.object({
  email: yup.string().trim().required(MSG.emailRequired).email(MSG.emailInvalid),
  user_type: yup
    .string()
    .required(INVITE_MSG.userTypeRequired)
    .oneOf(['employee', 'supplier'] as const, INVITE_MSG.userTypeRequired),
  role_id: yup
    .number()
    .typeError(INVITE_MSG.roleRequired)
    .required(INVITE_MSG.roleRequired)
    .integer(INVITE_MSG.roleRequired)
    .positive(INVITE_MSG.roleRequired),
  employee_id: yup
    .number()
    .nullable()
    .when('user_type', {
      is: 'employee',
      then: (s) =>
        s
          .required(INVITE_MSG.employeeRequired)
          .integer(INVITE_MSG.employeeRequired)
          .positive(INVITE_MSG.employeeRequired),
      otherwise: (s) => s.strip(),
    }),
  supplier_id: yup
    .number()
    .nullable()
    .when('user_type', {
      is: 'supplier',
      then: (s) =>
        s
          .required(INVITE_MSG.supplierRequired)
          .integer(INVITE_MSG.supplierRequired)
          .positive(INVITE_MSG.supplierRequired),
      otherwise: (s) => s.strip(),
    }),
});
export type InvitationPayload = yup.InferType<typeof invitationSchema>;

// ---- the profile (/profile): the account's own data, its password and its sessions

export const PROFILE_MSG = {
  currentRequired: 'Введите текущий пароль',
  wrongCurrent: 'Неверный текущий пароль',
  sameAsCurrent: 'Новый пароль должен отличаться от текущего',
  tooManyAttempts: (minutes: number) => `Слишком много попыток ввода пароля. Повторите попытку через ${minutes} мин.`,
  passwordChanged: 'Пароль успешно изменен. Остальные сеансы завершены.',
  saved: 'Данные сохранены',
  phoneNotEditable: 'Телефон хранится в карточке сотрудника, а ваша учётная запись с сотрудником не связана',
  sessionMissing: 'Сеанс не найден или уже завершён',
  currentSession: 'Текущий сеанс завершается кнопкой «Выйти»',
  sessionEnded: 'Сеанс завершён',
  othersEnded: (count: number) => `Завершено других сеансов: ${count}`,
  endOthers: 'Завершить все другие сеансы',
} as const;

/** PATCH /api/profile, with the employee card's rules (domain/employees/schema.ts): the name as its full_name
 * (an employee's account name is its card's), the phone only where the account has an employee card whose phone
 * the role sees. */
export const profileSchema = (phoneEditable: boolean) =>
  yup.object({
    name: cardNameSchema,
    ...(phoneEditable ? { phone: optionalPhone() } : {}),
  });
export interface ProfileForm {
  name: string;
  phone: string;
}

/** The profile's change of password: the current one, then a new one with the set-password policy and the reset
 * screen's messages, confirmed. */
export const changePasswordSchema = yup.object({
  currentPsswrd: yup.string().required(PROFILE_MSG.currentRequired),
  psswrd: newPasswordSchema.test(
    'not-current',
    PROFILE_MSG.sameAsCurrent,
    (value, { parent }) => !value || value !== parent.currentPsswrd,
  ),
  confirmPsswrd: confirmNewPasswordSchema,
});
export type ChangePasswordPayload = yup.InferType<typeof changePasswordSchema>;
