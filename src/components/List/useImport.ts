// Import into a list: the template is fetched with the bearer token and saved; the file goes up with
// XMLHttpRequest, whose upload events give the progress fetch cannot; the answer is the per-row report.
import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '../../../domain/messages';
import { SECTION, type Section } from '../../../domain/sections';
import type { ImportMode, ImportReport } from '../../../domain/import';
import { normaliseError, type ApiError } from '../../api/errors';
import { fileNameOf, save } from './useExport';

export type ImportStage =
  | { kind: 'idle' }
  /** The file is going up: the share sent, 0 to 100. */
  | { kind: 'uploading'; percent: number }
  /** Sent: the server checks and writes the rows. */
  | { kind: 'checking' }
  | { kind: 'done'; report: ImportReport }
  | { kind: 'failed'; message: string };

const origin = () => globalThis.location?.origin ?? '';

/** POST /api/{section}/import as multipart: the file and the mode. */
export function sendImport(
  section: Section,
  file: File,
  mode: ImportMode,
  token: string | null,
  onProgress: (percent: number) => void,
): { done: Promise<ImportReport>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ImportReport>((resolve, reject) => {
    const entity = SECTION[section].genitive;
    xhr.open('POST', `${origin()}/api/${section}/import`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.upload.onload = () => onProgress(100);
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        reject({ status: xhr.status, message: MSG.notJson } satisfies ApiError);
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as ImportReport);
      else reject(normaliseError({ status: xhr.status, data }, entity));
    };
    xhr.onerror = () => reject({ status: 'FETCH_ERROR', message: MSG.network(entity) } satisfies ApiError);
    xhr.onabort = () => reject({ status: 'UNKNOWN', message: IMPORT_TEXTS.cancelled } satisfies ApiError);
    const form = new FormData();
    form.append('mode', mode);
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

export const IMPORT_TEXTS = {
  cancelled: 'Загрузка отменена',
  templateName: (section: Section) => `Шаблон импорта ${SECTION[section].genitive}.xlsx`,
} as const;

export interface UseImport {
  stage: ImportStage;
  start(file: File, mode: ImportMode): Promise<ImportReport | null>;
  cancel(): void;
  reset(): void;
  downloadTemplate(): Promise<void>;
  templateError: string | null;
}

export function useImport(section: Section, token: string | null, onImported: () => void): UseImport {
  const [stage, setStage] = useState<ImportStage>({ kind: 'idle' });
  const [templateError, setTemplateError] = useState<string | null>(null);
  const request = useRef<{ abort(): void } | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  const start = useCallback(
    async (file: File, mode: ImportMode) => {
      request.current?.abort();
      setStage({ kind: 'uploading', percent: 0 });
      const sent = sendImport(section, file, mode, token, (percent) =>
        setStage(percent >= 100 ? { kind: 'checking' } : { kind: 'uploading', percent }),
      );
      request.current = sent;
      try {
        const report = await sent.done;
        setStage({ kind: 'done', report });
        if (report.imported > 0) onImported();
        return report;
      } catch (error) {
        setStage({ kind: 'failed', message: (error as ApiError).message ?? MSG.unknown });
        return null;
      } finally {
        if (request.current === sent) request.current = null;
      }
    },
    [section, token, onImported],
  );

  const downloadTemplate = useCallback(async () => {
    setTemplateError(null);
    const entity = SECTION[section].genitive;
    try {
      const res = await fetch(`${origin()}/api/${section}/import/template`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok) {
        const data = await res.json().catch(() => undefined);
        setTemplateError(normaliseError({ status: res.status, data }, entity).message);
        return;
      }
      const name = fileNameOf(res.headers.get('Content-Disposition'), IMPORT_TEXTS.templateName(section));
      save(await res.blob(), name);
    } catch (error) {
      setTemplateError(error instanceof TypeError ? MSG.network(entity) : MSG.unknownFetch(entity));
    }
  }, [section, token]);

  const cancel = useCallback(() => request.current?.abort(), []);
  const reset = useCallback(() => setStage({ kind: 'idle' }), []);
  return { stage, start, cancel, reset, downloadTemplate, templateError };
}
