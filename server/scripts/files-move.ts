// `npm run files:move -- --to=database|s3|disk` (postgres is another name for database): moves every upload into
// that store (server/db/moveFiles.ts), for instance the data folder's files into PostgreSQL before a second instance
// starts, or the database's into S3. Safe to run again, and to stop and resume; the app may keep running. Files on
// disk are read from this machine's DATA_DIR: run it where the data folder is. With `--limit=N` it moves N files.
import { parseArgs } from 'node:util';
import { FILE_STORE_KINDS, type FileStoreKind } from '../config';
import { runScript } from './run';
import { openFileStores } from '../db/fileStores';
import { moveFiles } from '../db/moveFiles';

const USAGE = 'Использование: npm run files:move -- --to=database|s3|disk [--limit=N]';

runScript(
  (config) => {
    const { values } = parseArgs({ options: { to: { type: 'string' }, limit: { type: 'string' } } });
    const to = (values.to === 'postgres' ? 'database' : values.to) as FileStoreKind;
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (!FILE_STORE_KINDS.includes(to) || (limit !== undefined && !(Number.isInteger(limit) && limit > 0))) {
      console.error(USAGE);
      return 2;
    }
    if (to === 's3' && !config.s3) {
      console.error('Для --to=s3 задайте S3_URL и S3_BUCKET (и ключи S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)');
      return 2;
    }
    return { to, limit };
  },
  async ({ to, limit }, database, config) => {
    const stores = await openFileStores({ ...config, fileStore: to }, database.db);
    try {
      let shown = 0;
      const outcome = await moveFiles(database.db, stores, to, {
        limit,
        onFile: () => {
          if (++shown % 100 === 0) console.log(`Перенесено файлов: ${shown}…`);
        },
      });
      console.log(`Перенесено в ${to}: ${outcome.moved}. Осталось вне ${to}: ${outcome.left}.`);
      if (outcome.missing.length) {
        console.error(`Не найдено содержимое файлов (их записи не изменены): ${outcome.missing.join(', ')}`);
        return 1;
      }
      return 0;
    } finally {
      await stores.close();
    }
  },
);
