// The demo lots' papers, each a small text file in the database's file store.
import { sql } from 'drizzle-orm';
import * as t from '../schema';
import { rowsOf } from '../rows';
import { newStorageKey } from '../fileStores';
import type { buildDemoPlan, UserKey } from './plan';
import { insertAll, insertIds, isoDate, type Tx } from './write';

/** Which of the demo's active imported lots lack their phytosanitary certificate, and which hold one that runs out
 * within the notice days, by the lot's place among them: one in 25 missing, two in 25 expiring, the rest valid for
 * 45 days to a year (as a warehouse keeps them: most papers in order, a few to chase). */
export const DEMO_DOCUMENTS = { every: 25, missing: [4], expiring: [9, 21] } as const;

/** The demo lots' papers: the demo said almost no lot could ship ('Нет документов: Фитосанитарный
 * сертификат' on 234 of 238 price-list lines). Every imported lot gets its phytosanitary certificate (the type the
 * imported lots need), every third a quality certificate, a Russian lot its EAEU declaration; a few of the active
 * imported lots miss it or hold one that expires soon (DEMO_DOCUMENTS). Each document is a short text file in the
 * database's file store (so a copy of the database carries its files, on either engine), typed, numbered and dated,
 * the phytosanitary certificates shown to buyers. The stored documents state is written after it (refreshDocumentsState). */
export async function seedDocuments(
  tx: Tx,
  now: Date,
  plan: ReturnType<typeof buildDemoPlan>,
  offerIds: number[],
  userIds: Record<UserKey, number>,
) {
  const types = Object.fromEntries(
    rowsOf<{ code: string; id: number; name: string }>(
      await tx.execute(sql`SELECT code, id, name FROM document_types WHERE code IS NOT NULL`),
    ).map((d) => [d.code, d]),
  );
  const today = isoDate(now);
  const shift = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const shown = (day: string) => day.split('-').reverse().join('.');
  const russian = (origin: string) => ['россия', 'рф', 'российская федерация'].includes(origin.trim().toLowerCase());
  type Doc = {
    offer: number;
    type: string;
    number: string;
    issued_on: string;
    valid_until: string;
    issuer: string;
    shareable: boolean;
  };
  const docs: Doc[] = [];
  let activeImported = 0;
  plan.offers.forEach((o, i) => {
    const issued = isoDate(o.created_at) < today ? isoDate(o.created_at) : today;
    const serial = String(100000 + i);
    if (russian(o.origin_country)) {
      docs.push({
        offer: i,
        type: 'eaeu_declaration',
        number: `ЕАЭС N RU Д-RU.РА01.В.${serial}/26`,
        issued_on: issued,
        valid_until: shift(today, 400 + (i % 200)),
        issuer: 'ООО «Центр сертификации»',
        shareable: true,
      });
      return;
    }
    let place = -1;
    if (o.status === 'active') place = activeImported++ % DEMO_DOCUMENTS.every;
    if ((DEMO_DOCUMENTS.missing as readonly number[]).includes(place)) return;
    const expiring = (DEMO_DOCUMENTS.expiring as readonly number[]).includes(place);
    const until = expiring ? shift(today, 3 + (i % 9)) : shift(today, 45 + ((i * 37) % 320));
    docs.push({
      offer: i,
      type: 'phytosanitary',
      number: `ФСС-${today.slice(0, 4)}-${serial}`,
      issued_on: issued,
      valid_until: until,
      issuer: `Служба карантина растений (${o.origin_country})`,
      shareable: true,
    });
    if (i % 3 === 0) {
      docs.push({
        offer: i,
        type: 'quality',
        number: `СК-${serial}`,
        issued_on: issued,
        valid_until: shift(until, 30),
        issuer: `Лаборатория поставщика (${o.origin_country})`,
        shareable: false,
      });
    }
  });
  const contents = docs.map((d) => {
    const o = plan.offers[d.offer];
    const lot = [
      plan.products[o.product].name,
      o.variety === null ? null : plan.varieties[o.variety].name,
      o.origin_country,
      `урожай ${o.harvest_year}`,
    ]
      .filter(Boolean)
      .join(', ');
    return Buffer.from(
      [
        `${types[d.type].name} № ${d.number}`,
        `Партия: предложение № ${offerIds[d.offer]}, ${lot}`,
        `Выдан: ${d.issuer}, ${shown(d.issued_on)}`,
        `Действует до: ${shown(d.valid_until)}`,
        'Демонстрационный документ NutDesk: образец для знакомства с программой.',
        '',
      ].join('\n'),
      'utf8',
    );
  });
  const keys = docs.map(() => newStorageKey());
  await insertAll(
    tx,
    t.fileChunks,
    docs.map((_d, i) => ({ storage_key: keys[i], seq: 0, data: contents[i] })),
  );
  const fileIds = await insertIds(
    tx,
    t.files,
    docs.map((d, i) => ({
      kind: 'document',
      entity_type: 'offers',
      entity_id: offerIds[d.offer],
      original_name: `${types[d.type].name} ${d.number.replace(/[/\\]/g, '-')}.txt`,
      mime: 'text/plain',
      size: contents[i].length,
      storage_path: keys[i],
      store: 'database',
      created_by: userIds[plan.offers[d.offer].created_by],
      created_at: plan.offers[d.offer].created_at,
    })),
  );
  await insertAll(
    tx,
    t.offerDocuments,
    docs.map((d, i) => ({
      offer_id: offerIds[d.offer],
      file_id: fileIds[i],
      type_id: types[d.type].id,
      number: d.number,
      issued_on: d.issued_on,
      valid_until: d.valid_until,
      issuer: d.issuer,
      shareable: d.shareable,
      created_by: userIds[plan.offers[d.offer].created_by],
      created_at: plan.offers[d.offer].created_at,
      // what the demo shows buyers is confirmed as shared when it was added
      ...(d.shareable && {
        share_confirmed_by: userIds[plan.offers[d.offer].created_by],
        share_confirmed_at: plan.offers[d.offer].created_at,
      }),
    })),
  );
}
