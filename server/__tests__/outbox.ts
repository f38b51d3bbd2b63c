// Reading the mail the server wrote to DATA_DIR/outbox (no SMTP_URL), as a person would open it.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { outboxDir } from '../accounts/mail';

export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'nutdesk-mail-'));

/** Quoted-printable body and RFC 2047 subject decoded, enough for our own messages. */
function decodeQp(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  body: string;
  /** The first app link in the body. */
  link: string;
}

export function readOutbox(dataDir: string): OutboxMessage[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir(dataDir))
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(outboxDir(dataDir), file), 'utf8');
    const [head, ...rest] = raw.split('\n\n');
    const header = (name: string) =>
      new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(head)?.[1].replace(/\n[ \t]/g, ' ') ?? '';
    const subject = header('Subject').replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, q: string) =>
      decodeQp(q.replace(/_/g, ' ')),
    );
    const body = decodeQp(rest.join('\n\n'));
    return { file, to: header('To'), subject, body, link: /https?:\/\/\S+/.exec(body)?.[0] ?? '' };
  });
}
