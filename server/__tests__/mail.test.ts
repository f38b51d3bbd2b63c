import { rmSync } from 'node:fs';
import { loadConfig } from '../config';
import { appLink, createMailer, MAIL_MSG } from '../accounts/mail';
import { readOutbox, tempDataDir } from './outbox';

const quietLog = () => {
  const lines: unknown[][] = [];
  const log = {
    info: (...a: unknown[]) => lines.push(['info', ...a]),
    error: (...a: unknown[]) => lines.push(['error', ...a]),
  };
  return { log: log as never, lines };
};

test('PUBLIC_URL defaults to localhost on PORT and drops a trailing slash', () => {
  expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  expect(loadConfig({ PUBLIC_URL: 'https://desk.example.ru/' }).publicUrl).toBe('https://desk.example.ru');
  expect(appLink({ publicUrl: 'https://desk.example.ru' }, '/invite', { token: 'a=b' })).toBe(
    'https://desk.example.ru/invite?token=a%3Db',
  );
});

test('without SMTP_URL a message is written to DATA_DIR/outbox as .eml and its link logged', async () => {
  const dataDir = tempDataDir();
  const { log, lines } = quietLog();
  const mailer = createMailer({ dataDir, publicUrl: 'http://localhost:3000' }, log);
  const link = 'http://localhost:3000/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ_-';
  await mailer.send({
    to: 'anna@nutdesk.test',
    subject: 'Восстановление пароля',
    text: `Откройте ссылку:\n${link}\n`,
    link,
  });
  const [message, ...more] = readOutbox(dataDir);
  expect(more).toEqual([]);
  expect(message).toMatchObject({ to: 'anna@nutdesk.test', subject: 'Восстановление пароля', link });
  expect(message.body).toContain('Откройте ссылку:');
  expect(JSON.stringify(lines)).toContain(link);
  rmSync(dataDir, { recursive: true });
});

test('a mail failure is logged and answered with a Russian 503', async () => {
  const { log, lines } = quietLog();
  // nothing listens on port 1: the connection is refused
  const mailer = createMailer(
    { dataDir: tempDataDir(), publicUrl: 'http://localhost:3000', smtpUrl: 'smtp://127.0.0.1:1' },
    log,
  );
  await expect(
    mailer.send({ to: 'anna@nutdesk.test', subject: 'Тема', text: 'Текст', link: '' }),
  ).rejects.toMatchObject({
    statusCode: 503,
    body: { status: 'error', message: MAIL_MSG.failed },
  });
  expect(lines.some(([level]) => level === 'error')).toBe(true);
});
