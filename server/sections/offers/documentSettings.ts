// The lot documents' settings as an administrator changes them: checked, stored, logged, and the lots' stored
// documents state recomputed where the change moves it.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AuthenticatedUser } from '../../accounts/users';
import {
  DOCUMENT_SETTING_NAMES,
  DOCUMENT_SETTING_TITLE,
  documentSettingsSchema,
  type DocumentSettingName,
  type DocumentSettings,
} from '../../../domain/offers/documents';
import { recordChange } from '../../settings';
import { DATED_OFFER, IMPORTED_OFFER, readDocumentSettings, refreshDocumentsState } from '../../records/documentsState';
import { validated } from '../../http/validation';
import { documentTypes } from './documentReads';

/** An administrator's change of the lot documents' settings, checked, stored and logged in one transaction. */
export async function saveDocumentSettings(
  db: Database,
  auth: AuthenticatedUser,
  changes: Partial<DocumentSettings>,
): Promise<DocumentSettings> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE business_settings IN SHARE ROW EXCLUSIVE MODE`);
    const before = await readDocumentSettings(tx);
    const types = await documentTypes(tx);
    const valid = (await validated(documentSettingsSchema(types.map((t) => t.id)), {
      ...before,
      ...changes,
    })) as DocumentSettings;
    const after: DocumentSettings = {
      documents_imported_types: [...new Set(valid.documents_imported_types.map(Number))].sort((a, b) => a - b),
      documents_forbid_reserve: Boolean(valid.documents_forbid_reserve),
      documents_notice_days: Number(valid.documents_notice_days),
    };
    const stored: Record<DocumentSettingName, string> = {
      documents_imported_types: `{${after.documents_imported_types.join(',')}}`,
      documents_forbid_reserve: String(after.documents_forbid_reserve),
      documents_notice_days: String(after.documents_notice_days),
    };
    const moved = DOCUMENT_SETTING_NAMES.filter((name) => JSON.stringify(after[name]) !== JSON.stringify(before[name]));
    if (!moved.length) return after;
    for (const name of moved) {
      await tx.execute(sql`INSERT INTO business_settings (name, value) VALUES (${name}, ${stored[name]})
        ON CONFLICT (name) DO UPDATE SET value = excluded.value`);
    }
    // the lots' papers by the new settings: imported lots need other types; other notice days move 'Истекает'
    if (moved.includes('documents_imported_types')) await refreshDocumentsState(tx, IMPORTED_OFFER);
    if (moved.includes('documents_notice_days')) await refreshDocumentsState(tx, DATED_OFFER);
    const typeName = (ids: number[]) =>
      ids.map((id) => types.find((t) => t.id === id)?.name ?? String(id)).join(', ') || 'нет';
    const shown = (name: DocumentSettingName, s: DocumentSettings) =>
      name === 'documents_imported_types'
        ? typeName(s.documents_imported_types)
        : name === 'documents_forbid_reserve'
          ? s.documents_forbid_reserve
            ? 'да'
            : 'нет'
          : `${s.documents_notice_days} дн.`;
    await recordChange(
      tx,
      auth,
      'settings',
      `Документы партий: ${moved.map((n) => `${DOCUMENT_SETTING_TITLE[n]} ${shown(n, before)} → ${shown(n, after)}`).join('; ')}`,
      {
        before: Object.fromEntries(moved.map((n) => [n, before[n]])),
        after: Object.fromEntries(moved.map((n) => [n, after[n]])),
      },
    );
    return after;
  });
}
