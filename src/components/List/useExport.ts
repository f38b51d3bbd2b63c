// Export of a list: the API wants the bearer token, which a plain link cannot send, so the file is
// fetched, its body read chunk by chunk (the bytes so far are the progress), and saved under the server's name.
// An AbortController cancels it: the server stops paging the database when the connection closes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '../../../domain/messages';
import { SECTION, type Section } from '../../../domain/sections';
import type { ExportFormat } from '../../../domain/listQuery';
import { normaliseError } from '../../api/errors';

export type { ExportFormat };

export interface ExportProgress {
  format: ExportFormat;
  /** Bytes received so far. */
  received: number;
  /** Rows in the export, as the server counted them (X-Total-Count). */
  total?: number;
}

export const EXPORT_TEXTS = {
  cancelled: 'Выгрузка отменена',
  done: (name: string) => `Файл «${name}» сохранён`,
} as const;

/** The export's query string for a format, as the list query codec writes it (encodeExport). */
export type ExportQuery = (format: ExportFormat) => string;

/** The file name of Content-Disposition: filename* (RFC 5987) first. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // a malformed name: the plain one, else the fallback
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Hands a file to the browser's downloads under its name. */
export function save(blob: Blob, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

export interface UseExport {
  progress: ExportProgress | null;
  start(format: ExportFormat): Promise<void>;
  cancel(): void;
}

export function useExport(
  section: Section,
  queryOf: ExportQuery,
  token: string | null,
  say: (severity: 'success' | 'error' | 'warning', text: string) => void,
): UseExport {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  // leaving the page cancels a download in flight
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (format: ExportFormat) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setProgress({ format, received: 0 });
      const entity = SECTION[section].genitive;
      try {
        const url = `${globalThis.location?.origin ?? ''}/api/${section}/export?${queryOf(format)}`;
        const res = await fetch(url, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          signal: abort.signal,
        });
        if (!res.ok) {
          const data = await res.json().catch(() => undefined);
          say('error', normaliseError({ status: res.status, data }, entity).message);
          return;
        }
        const total = Number(res.headers.get('X-Total-Count') ?? NaN);
        const chunks: Uint8Array<ArrayBuffer>[] = [];
        let received = 0;
        const reader = res.body!.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value as Uint8Array<ArrayBuffer>);
          received += value.length;
          setProgress({ format, received, total: Number.isFinite(total) ? total : undefined });
        }
        const name = fileNameOf(res.headers.get('Content-Disposition'), `${section}.${format}`);
        save(new Blob(chunks, { type: res.headers.get('Content-Type') ?? undefined }), name);
        say('success', EXPORT_TEXTS.done(name));
      } catch (error) {
        if (abort.signal.aborted) say('warning', EXPORT_TEXTS.cancelled);
        else say('error', error instanceof TypeError ? MSG.network(entity) : MSG.unknownFetch(entity));
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setProgress(null);
        }
      }
    },
    [section, queryOf, token, say],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { progress, start, cancel };
}
