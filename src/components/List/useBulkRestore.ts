// 'Восстановить выбранные': the selected deleted records back through POST /api/{section}/restore, then
// what happened, as a bulk delete says it: how many came back, the partial warning with each refused record's
// reason, or why none did.
import { useCallback } from 'react';
import { BULK_MSG, RESTORE_MSG } from '../../../domain/bulk';
import type { Section } from '../../../domain/sections';
import { useRestoreRecordsMutation } from '../../api/bulk';
import { errorMessage } from '../../api/errors';
import type { SelectionStore } from '../DataTable/selection';
import type { Notice } from './useBulkDelete';

export function useBulkRestore(
  section: Section,
  selection: SelectionStore,
  say: (severity: Notice['severity'], text: string) => void,
) {
  const [restoreRecords, { isLoading: restoring }] = useRestoreRecordsMutation();
  const restore = useCallback(async () => {
    const ids = selection.ids();
    try {
      const result = await restoreRecords({ section, ids }).unwrap();
      selection.clear();
      const reasons = result.refused.map((r) => BULK_MSG.refusedRow(r.id, r.reason)).join('; ');
      if (result.restored === 0) say('error', result.message ?? RESTORE_MSG.noneRestored);
      else if (result.warning) say('warning', `${result.warning} ${reasons}`);
      else say('success', RESTORE_MSG.restored(section, result.restored));
    } catch (error) {
      say('error', errorMessage(error));
    }
  }, [restoreRecords, section, selection, say]);
  return { restore, restoring };
}
