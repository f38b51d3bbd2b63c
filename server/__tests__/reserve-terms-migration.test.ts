// Migration 0009: reserves made before their terms were kept take them from their offer and the business settings
// of the day it runs, without a version bump (an open card's next save is no stale one).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { beforeMigration } from './migrations';

test('existing reserves are backfilled from their offer and the current settings; versions stay', async () => {
  await beforeMigration(
    (tag) => tag.startsWith('0009_'),
    async (db, rest) => {
      await db.execute(sql`INSERT INTO products (id, name) VALUES (1, 'Кешью')`);
      // 0.125 kg pieces at 10 ₽: 80 ₽/kg; a kilogram offer at 300 ₽/kg
      await db.execute(sql`INSERT INTO offers (id, product_id, unit_measure, unit_weight, unit_amount, unit_price, kg_price)
      VALUES (1, 1, 'шт', 0.125, 100, 10, 80), (2, 1, 'кг', 1, 100, 300, 300)`);
      await db.execute(
        sql`INSERT INTO reserves (id, offer_id, amount, unit_price, status) VALUES (1, 1, 10, 10, 'active'), (2, 2, 5, 300, 'completed')`,
      );
      // own costs 12.5 ₽/kg, minimum markup 15 %, the maximum unreadable (counts as 0, as the server reads it)
      await db.execute(
        sql`INSERT INTO business_settings (name, value) VALUES ('costs_per_kg', '12.5'), ('min_markup', '0.15'), ('max_markup', 'много')`,
      );
      await db.execute(sql`UPDATE reserves SET amount = amount WHERE id = 2`); // version 2

      await rest();
      const rows = rowsOf(
        await db.execute(sql`SELECT id, version, offer_price_kg::text, unit_weight::text, costs_per_kg::text,
      min_markup::text, max_markup::text FROM reserves ORDER BY id`),
      );
      expect(rows).toEqual([
        {
          id: 1,
          version: 1,
          offer_price_kg: '80.00',
          unit_weight: '0.125',
          costs_per_kg: '12.5000',
          min_markup: '0.1500',
          max_markup: '0.0000',
        },
        {
          id: 2,
          version: 2,
          offer_price_kg: '300.00',
          unit_weight: '1.000',
          costs_per_kg: '12.5000',
          min_markup: '0.1500',
          max_markup: '0.0000',
        },
      ]);
      // and the version trigger is on again
      await db.execute(sql`UPDATE reserves SET amount = amount WHERE id = 1`);
      expect(
        rowsOf<{ version: number }>(await db.execute(sql`SELECT version FROM reserves WHERE id = 1`))[0].version,
      ).toBe(2);
    },
  );
}, 60_000);
