// `npm run create-admin -- --email <e-mail> --password <password>`: creates an administrator, or resets the
// password of an existing account and makes it an administrator, in the configured database.
import { parseArgs } from 'node:util';
import { runScript } from './run';
import { upsertAdmin } from '../accounts/users';
import { passwordSchema } from '../../domain/schemas/password';
import { MSG } from '../../domain/messages';
import * as yup from 'yup';

runScript(
  async () => {
    const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
    try {
      await yup.string().trim().required(MSG.emailRequired).email(MSG.emailInvalid).validate(values.email);
      await passwordSchema.validate(values.password);
    } catch (error) {
      console.error((error as Error).message);
      console.error('Использование: npm run create-admin -- --email <e-mail> --password <пароль>');
      return 2;
    }
    return { email: values.email!, password: values.password! };
  },
  async ({ email, password }, database, config) => {
    const outcome = await upsertAdmin(database.db, email, password, config.scryptN);
    console.log(
      outcome === 'created'
        ? `Администратор ${email} создан.`
        : `Пароль ${email} обновлён, права администратора выданы.`,
    );
    return 0;
  },
);
