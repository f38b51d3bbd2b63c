// The buyers' migration (issue 37): the reserves made before buyers were a section are linked to buyers made from their distinct
// buyer name + phone, with the latest reserve's city and address, on prepayment and with no limit; versions stay.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { beforeMigration } from './migrations';

test('existing reserves are linked to one buyer per distinct name and phone', async () => {
  await beforeMigration(
    (tag) => tag.endsWith('_buyers'),
    async (db, rest) => {
      await db.execute(sql`INSERT INTO products (id, name) VALUES (1, 'Кешью')`);
      await db.execute(sql`INSERT INTO cities (id, name) VALUES (1, 'Москва'), (2, 'Казань')`);
      await db.execute(
        sql`INSERT INTO offers (id, product_id, unit_measure, unit_weight, unit_amount, unit_price, kg_price) VALUES (1, 1, 'кг', 1, 100, 300, 300)`,
      );
      await db.execute(sql`INSERT INTO reserves (id, offer_id, amount, status, buyer_name, buyer_phone, city_id, delivery_address, created_at) VALUES
      (1, 1, 1, 'completed', 'ООО «Орех»', '79120000001', 1, 'Москва, ул. Первая, 1', '2026-01-01'),
      (2, 1, 1, 'active', ' ООО «Орех» ', '79120000001', 2, 'Казань, ул. Вторая, 2', '2026-02-01'),
      (3, 1, 1, 'active', 'ООО «Орех»', '79120000002', 1, 'Москва, ул. Третья, 3', '2026-03-01'),
      (4, 1, 1, 'cancelled', 'ИП Смирнов', NULL, 2, 'Казань, ул. Четвертая, 4', '2026-04-01')`);
      await db.execute(sql`INSERT INTO roles (id, name) VALUES (1, 'Менеджер'), (8, 'Склад')`);
      await db.execute(
        sql`INSERT INTO role_permissions (role_id, resource, action, scope) VALUES (1, 'reserves', 'read', 'all'), (8, 'reserves', 'read', 'all')`,
      );

      await rest();
      const buyers = rowsOf(
        await db.execute(
          sql`SELECT name, phone, city_id, delivery_address, payment_terms, credit_limit FROM buyers ORDER BY name, phone`,
        ),
      );
      expect(buyers).toEqual([
        {
          name: 'ИП Смирнов',
          phone: null,
          city_id: 2,
          delivery_address: 'Казань, ул. Четвертая, 4',
          payment_terms: 'prepay',
          credit_limit: null,
        },
        // the latest of the two reserves of the same name and phone gives the city and address
        {
          name: 'ООО «Орех»',
          phone: '79120000001',
          city_id: 2,
          delivery_address: 'Казань, ул. Вторая, 2',
          payment_terms: 'prepay',
          credit_limit: null,
        },
        {
          name: 'ООО «Орех»',
          phone: '79120000002',
          city_id: 1,
          delivery_address: 'Москва, ул. Третья, 3',
          payment_terms: 'prepay',
          credit_limit: null,
        },
      ]);
      const links = rowsOf<{ id: number; buyer: string; phone: string | null; version: number }>(
        await db.execute(sql`SELECT r.id, b.name AS buyer, b.phone, r.version
      FROM reserves r JOIN buyers b ON b.id = r.buyer_id ORDER BY r.id`),
      );
      expect(links).toEqual([
        { id: 1, buyer: 'ООО «Орех»', phone: '79120000001', version: 1 },
        { id: 2, buyer: 'ООО «Орех»', phone: '79120000001', version: 1 },
        { id: 3, buyer: 'ООО «Орех»', phone: '79120000002', version: 1 },
        { id: 4, buyer: 'ИП Смирнов', phone: null, version: 1 },
      ]);
      // role 1 reads buyers as it reads reserves; the warehouse does not
      expect(
        rowsOf(
          await db.execute(sql`SELECT role_id, scope FROM role_permissions WHERE resource = 'buyers' ORDER BY role_id`),
        ),
      ).toEqual([{ role_id: 1, scope: 'all' }]);
    },
  );
}, 60_000);
