// `npm run create-admin -- --email <e-mail> --password <password>`: creates an administrator, or resets the
// password of an existing account and makes it an administrator, in the configured database.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { acquireDataDirLock } from '../db/lock';
import { upsertAdmin } from '../accounts/users';
import { passwordSchema } from '../../domain/schemas/password';
import { MSG } from '../../domain/messages';
import * as yup from 'yup';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  try {
    await yup.string().trim().required(MSG.emailRequired).email(MSG.emailInvalid).validate(values.email);
    await passwordSchema.validate(values.password);
  } catch (error) {
    console.error((error as Error).message);
    console.error('Использование: npm run create-admin -- --email <e-mail> --password <пароль>');
    return 2;
  }
  const config = loadConfig();
  const lock = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const outcome = await upsertAdmin(database.db, values.email!, values.password!, config.scryptN);
    console.log(outcome === 'created' ? `Администратор ${values.email} создан.` : `Пароль ${values.email} обновлён, права администратора выданы.`);
    return 0;
  } finally {
    await database.close();
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
