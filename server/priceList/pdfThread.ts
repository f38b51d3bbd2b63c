// PDFs are drawn on a worker thread: pdfkit lays a page out synchronously, and a price list of 20 000
// lots held the event loop, every other request and the live streams, for 2.5 s. One worker per instance, started
// at the first PDF and kept (unref'd: it never holds the process open); the tables queue on it in order. A worker
// that dies fails the PDFs it held and the next PDF starts a new one.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PdfTable } from './pdfTable';

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let next = 0;

function failAll(error: Error) {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  // its own loader (tsx, registered in the worker), not the flags of whatever runs the server (a test runner's)
  const w = new Worker(path.join(__dirname, 'pdfWorker.mjs'), { execArgv: [] });
  w.unref();
  w.on('message', ({ id, pdf, error }: { id: number; pdf?: Uint8Array; error?: string }) => {
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (pdf) p.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    else p.reject(new Error(error ?? 'PDF not drawn'));
  });
  const gone = (error: Error) => {
    if (worker === w) worker = null;
    failAll(error);
  };
  w.on('error', gone);
  w.on('exit', (code) => gone(new Error(`the PDF worker stopped (${code})`)));
  worker = w;
  return w;
}

/** The table drawn as a PDF on the worker thread. */
export function renderOffThread(table: PdfTable): Promise<Buffer> {
  const id = next++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    started().postMessage({ id, table });
  });
}

/** Stops the worker (the app's close): its loader's ports would keep a process open after the server closed. */
export async function stopPdfThread(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
