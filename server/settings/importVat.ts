// The import-VAT setting (PUT /api/settings, import_vat_recovered): read by the shipments' landed cost, saved by an
// administrator with the lots it moves recomputed in the same transaction, so no lot is ever costed by the other
// regime than the one stored, and logged like the other business settings.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { businessSettings } from '../db/schema';
import { moveChangeGeneration } from '../db/changes';
import type { AuthenticatedUser } from '../accounts/users';
import { badRequest } from '../errors';
import { recordChange } from './changeLog';
import { settingsByName } from './businessSettings';
import {
  IMPORT_VAT_MSG,
  IMPORT_VAT_SETTING,
  IMPORT_VAT_TITLE,
  importVatRecovered,
  importVatShown,
} from '../../domain/shipments/importVat';

export async function readImportVatRecovered(db: Database): Promise<boolean> {
  return importVatRecovered((await settingsByName(db, [IMPORT_VAT_SETTING]))[IMPORT_VAT_SETTING]);
}

/** Recomputes the lots whose cost the regime decides (the settings sit below the sections, so the shipments hand
 * it in); answers how many lots moved. */
export type Reland = (tx: Database) => Promise<number>;

/** true or false only (a checkbox's value); 400 in Russian for anything else. Answers the lots recomputed. */
export async function saveImportVatRecovered(
  db: Database,
  auth: AuthenticatedUser,
  value: unknown,
  reland: Reland,
): Promise<number> {
  if (typeof value !== 'boolean') throw badRequest(IMPORT_VAT_MSG.invalid);
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE business_settings IN SHARE ROW EXCLUSIVE MODE`);
    const before = await readImportVatRecovered(tx);
    if (before === value) return 0;
    await tx
      .insert(businessSettings)
      .values({ name: IMPORT_VAT_SETTING, value: String(value) })
      .onConflictDoUpdate({ target: businessSettings.name, set: { value: sql`excluded.value` } });
    const lots = await reland(tx);
    await moveChangeGeneration(tx);
    await recordChange(
      tx,
      auth,
      'settings',
      `Бизнес-настройки: ${IMPORT_VAT_TITLE.label} ${importVatShown(before)} → ${importVatShown(value)}`,
      { before: { [IMPORT_VAT_SETTING]: before }, after: { [IMPORT_VAT_SETTING]: value }, lots },
    );
    return lots;
  });
}
