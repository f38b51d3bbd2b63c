// Bulk delete (spec point 4 "Offer deletion"): confirm, delete the selected ids, clear the selection, then say
// what happened: a success for 3 seconds, the server's partial-delete warning, or why nothing was deleted
// (active reserves, no right, deleted already: domain/lists.ts noneDeletedText).
import { useCallback, useEffect, useState } from 'react';
import { DELETE_MSG, noneDeletedText, refusedRowsText } from '../../../domain/lists';
import { SECTION, type Section } from '../../../domain/sections';
import { isApiError } from '../../api/errors';
import { useDeleteRecordsMutation } from '../../api/lists';
import type { SelectionStore } from '../DataTable/selection';

export const SUCCESS_ALERT_MS = 3000;

export interface DeleteTexts {
  confirm: string;
  success: string;
  /** When the server deleted none of them and did not say why. */
  noneDeleted: string;
  /** A section whose records others use may hand those to another record in the same delete (an employee's
   * active reserves to a new responsible): the body's field and the dialog's label for the choice. */
  handOver?: { field: string; label: string };
}

export type Notice = { severity: 'success' | 'error' | 'warning'; text: string; key: number };

export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  // a success notice leaves after 3 seconds
  useEffect(() => {
    if (notice?.severity !== 'success') return;
    const timer = setTimeout(() => setNotice(null), SUCCESS_ALERT_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const say = useCallback(
    (severity: Notice['severity'], text: string) => setNotice({ severity, text, key: Date.now() }),
    [],
  );
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, say, dismiss };
}

export function useBulkDelete(
  section: Section,
  selection: SelectionStore,
  texts: DeleteTexts,
  say: (severity: Notice['severity'], text: string) => void,
) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [handTo, setHandTo] = useState<number | null>(null);
  const [deleteRecords, { isLoading: deleting }] = useDeleteRecordsMutation();

  const ask = useCallback(() => setConfirmOpen(true), []);
  const cancel = useCallback(() => {
    setConfirmOpen(false);
    setHandTo(null);
  }, []);

  const confirm = async () => {
    const ids = selection.ids();
    const extra = texts.handOver && handTo !== null ? { [texts.handOver.field]: handTo } : undefined;
    cancel();
    try {
      const result = await deleteRecords({ section, ids, extra }).unwrap();
      selection.clear();
      if (result.status !== 'success') say('error', DELETE_MSG.failed);
      // why none went, from the server's count of reasons: the offers' spec text when their reserves kept them, each
      // record's own reason where its section gave one (a supplier under active offers, with the count)
      else if (result.deleted === 0)
        say('error', result.reasons ? noneDeletedText(section, result.reasons, result.refused) : texts.noneDeleted);
      else if (result.warning)
        say(
          'warning',
          result.refused?.length ? `${result.warning} ${refusedRowsText(result.refused)}` : result.warning,
        );
      else say('success', texts.success);
    } catch (error) {
      say(
        'error',
        isApiError(error) && typeof error.status === 'number'
          ? error.message
          : DELETE_MSG.unknown(SECTION[section].genitive),
      );
    }
  };

  return { confirmOpen, deleting, ask, cancel, confirm, handTo, setHandTo };
}
