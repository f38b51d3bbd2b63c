// PDFs are drawn on a worker thread (issue 34): a price list of 20 000 lots held the event loop, and with it every
// other request and live stream, for 2.5 s while pdfkit laid it out.
import { renderOffThread, stopPdfThread } from '../priceList/pdfThread';
import type { PdfTable } from '../priceList/pdfTable';

const table = (lines: number): PdfTable => ({
  title: 'Прайс-лист Казань',
  author: 'NutDesk',
  heading: ['Прайс-лист: NutDesk', 'Доставка: Казань'],
  columns: Array.from({ length: 8 }, (_, i) => ({ title: `Столбец ${i + 1}`, width: 60, right: i > 3 })),
  groups: [
    [
      'Кешью W320',
      Array.from({ length: lines }, (_, n) => Array.from({ length: 8 }, (_, i) => `${n + 1}.${i + 1} 1 234,56`)),
    ],
  ],
  empty: 'Нет предложений',
});

afterAll(() => stopPdfThread());

test('5 000 lines are drawn while the event loop keeps turning; each PDF answers its own request', async () => {
  // the worker is started by a first, small PDF: its start is not the drawing
  expect((await renderOffThread(table(1))).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  let turns = 0;
  let drawing = true;
  const turn = () => {
    turns++;
    if (drawing) setImmediate(turn);
  };
  setImmediate(turn);
  const [big, small] = await Promise.all([renderOffThread(table(5000)), renderOffThread(table(2))]);
  drawing = false;
  // drawn on this thread, 5 000 lines would let the loop turn a handful of times, once pdfkit was done
  expect(turns).toBeGreaterThan(100);
  expect(big.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // dozens of pages against one: the answers are not mixed up
  const pages = (pdf: Buffer) => Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1]);
  expect(pages(small)).toBe(1);
  expect(pages(big)).toBeGreaterThan(50);
});
