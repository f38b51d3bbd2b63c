// Where a jest run keeps its starting databases (./globalSetup.ts builds them, ./testApp.ts starts apps on copies):
// on PGlite data-folder tarballs, on PostgreSQL template databases. Apart from testApp so that a file which wants
// only a database (no app) can start from the migrated copy without loading the whole app.
import { existsSync, openAsBlob, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where ./globalSetup.ts wrote the starting databases for this run (unset: none). */
export const TEST_IMAGES_ENV = 'NUTDESK_TEST_IMAGES';
export type Image = 'migrated' | 'demo';
export const imageFile = (dir: string, image: Image) => path.join(dir, `${image}.tar`);
export const tokensFile = (dir: string) => path.join(dir, 'demo-tokens.json');
/** On PostgreSQL: the server the templates are on and their names, per image. */
export const templatesFile = (dir: string) => path.join(dir, 'pg-templates.json');
export type Templates = { server: string } & Partial<Record<Image, string>>;

export function templatesIn(dir: string): Templates | undefined {
  try {
    return JSON.parse(readFileSync(templatesFile(dir), 'utf8')) as Templates;
  } catch {
    return undefined;
  }
}

/** The folder of this run's starting databases, when there is one for this engine (and this PostgreSQL server). */
export function imagesDir(): string | undefined {
  const dir = process.env[TEST_IMAGES_ENV] || undefined;
  if (!dir) return undefined;
  const server = process.env.DATABASE_URL;
  if (!server) return existsSync(imageFile(dir, 'migrated')) ? dir : undefined;
  return templatesIn(dir)?.server === server ? dir : undefined;
}

/** A PGlite data folder of this run (`loadDataDir`), when there is one: a Blob backed by its file, which PGlite reads
 * once (reading it into a Buffer and wrapping that in a Blob copied the 43/63 MB twice more, ~0.6 s of CPU per
 * file). A file that opens PGlite itself starts from the migrated copy instead of a new cluster (initdb: ~7 s CPU). */
export async function imageOf(image: Image): Promise<Blob | undefined> {
  const dir = process.env[TEST_IMAGES_ENV];
  const file = dir && imageFile(dir, image);
  return file && existsSync(file) ? openAsBlob(file) : undefined;
}

export function templateOf(image: Image): string | undefined {
  const dir = imagesDir();
  return dir ? templatesIn(dir)?.[image] : undefined;
}
