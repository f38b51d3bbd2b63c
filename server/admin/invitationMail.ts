// The invitation mail: a new one-time /invite link for an invited account, sent by the invitation route
// and by 'Отправить приглашение повторно'.
import type { Config } from '../config';
import type { Database } from '../db/client';
import { appLink, type Mailer } from '../accounts/mail';
import { issueToken } from '../accounts/oneTimeTokens';

/** A new invitation link for an invited account, mailed; earlier links of the account stop working. Run it in
 * the transaction that invites: a mail that fails throws and takes the invitation back. */
export async function mailInvitation(
  tx: Database,
  mailer: Mailer,
  config: Config,
  account: { id: number; email: string; name: string },
): Promise<void> {
  const { id, email, name } = account;
  const token = await issueToken(tx, id, 'invite', config.inviteTtlHours * 3600_000);
  const link = appLink(config, '/invite', { token });
  await mailer.send({
    to: email,
    subject: 'Приглашение в NutDesk',
    link,
    text: [
      `Здравствуйте, ${name}!`,
      '',
      `Вас пригласили в NutDesk, систему учёта предложений и резервов. Ваш логин: ${email}.`,
      'Чтобы задать пароль и войти, откройте ссылку:',
      link,
      '',
      `Ссылка действует ${config.inviteTtlHours} ч. и открывается один раз.`,
      'Если вы не ждали этого письма, просто удалите его.',
    ].join('\n'),
  });
}
