// Outgoing mail (invitations, password recovery) through nodemailer: real SMTP when SMTP_URL is set; otherwise
// each message is written to DATA_DIR/outbox/ as an .eml file and its link logged, so the flows work on a laptop.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../errors';

export const MAIL_MSG = {
  failed: 'Не удалось отправить письмо. Попробуйте позже или обратитесь к администратору.',
} as const;

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body; `link` is in it. */
  text: string;
  /** The one link the message is about, logged when the message goes to the outbox. */
  link: string;
}

export interface Mailer {
  /** Sends (or writes) the message; a failure is logged and thrown as a 503 with MAIL_MSG.failed. */
  send(message: MailMessage): Promise<void>;
  /** Runs work that ends in mail without waiting for it: for answers that must not depend on what it finds.
   * A failure is logged. */
  later(work: () => Promise<void>): void;
  /** Resolves once all work handed to later() has finished (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/** The app's address for a path, from PUBLIC_URL: `appLink(config, '/invite', {token})`. */
export function appLink(config: Pick<Config, 'publicUrl'>, pathname: string, query: Record<string, string>): string {
  return `${config.publicUrl}${pathname}?${new URLSearchParams(query).toString()}`;
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'dataDir' | 'publicUrl'>,
  log: FastifyBaseLogger,
): Mailer {
  const from = { name: 'NutDesk', address: `no-reply@${new URL(config.publicUrl).hostname}` };
  const pending = new Set<Promise<void>>();
  let transport: Transporter | undefined;

  async function deliver(message: MailMessage): Promise<void> {
    const mail = {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      textEncoding: 'quoted-printable' as const,
    };
    if (config.smtpUrl) {
      transport ??= nodemailer.createTransport(config.smtpUrl);
      await transport.sendMail(mail);
      log.info({ to: message.to, subject: message.subject }, 'письмо отправлено');
      return;
    }
    const built = await nodemailer
      .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
      .sendMail(mail);
    const dir = outboxDir(config.dataDir);
    await mkdir(dir, { recursive: true });
    // time first, so the files sort in the order they were written
    const file = path.join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
    );
    await writeFile(file, built.message as Buffer);
    log.info(
      { to: message.to, file, link: message.link },
      `письмо для ${message.to} записано в ${file}: ${message.link}`,
    );
  }

  return {
    async send(message) {
      try {
        await deliver(message);
      } catch (error) {
        log.error({ err: error, to: message.to, subject: message.subject }, 'письмо не отправлено');
        throw new HttpError(503, { status: 'error', error: 'mail_failed', message: MAIL_MSG.failed });
      }
    },
    later(work) {
      const job: Promise<void> = work()
        .catch((error: unknown) => {
          // a mail failure was logged by send(); anything else is logged here
          if (!(error instanceof HttpError)) log.error({ err: error }, 'фоновая отправка письма не удалась');
        })
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
