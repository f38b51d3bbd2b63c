// The worker thread that draws PDF tables (server/priceList/pdfThread.ts): it loads the TypeScript renderer through
// tsx's own loader (whatever runs the server: tsx, or a test runner) and answers each {id, table} with {id, pdf} or
// {id, error}.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const renderer = await tsImport('./pdfTable.ts', import.meta.url);
// the renderer is CommonJS under tsx (the package has no "type": "module"): its exports may come as the default
const { renderPdfTable } = renderer.renderPdfTable ? renderer : renderer.default;

parentPort.on('message', async ({ id, table }) => {
  try {
    parentPort.postMessage({ id, pdf: await renderPdfTable(table) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
