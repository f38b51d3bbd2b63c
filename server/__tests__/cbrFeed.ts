// A local stand-in for the Central Bank's XML_daily.asp: it answers the recorded sample it is set to (windows-1251
// bytes, as the Bank sends them), or a failure; nothing reaches the internet.
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export type Sample = 'weekend-2025-03-29' | 'evening-2025-04-01';

export const sampleBytes = (sample: Sample) => readFileSync(path.join(__dirname, 'fixtures', 'cbr', `${sample}.xml`));

export interface CbrFeed {
  url: string;
  /** What the next calls answer: a sample, or a status code of failure. */
  answer: Sample | number;
  calls: number;
  close(): Promise<void>;
}

export async function startCbrFeed(answer: Sample | number): Promise<CbrFeed> {
  const feed = { answer, calls: 0 } as CbrFeed;
  const server: Server = createServer((_request, response) => {
    feed.calls += 1;
    if (typeof feed.answer === 'number') {
      response.writeHead(feed.answer).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' }).end(sampleBytes(feed.answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/scripts/XML_daily.asp`;
  feed.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return feed;
}
