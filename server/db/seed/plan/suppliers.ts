// Suppliers: ООО with 10-digit INNs, ИП with 12-digit ones, spread over the cities the trade comes from;
// the first is the demo supplier account's company, the last two have closed.
import { companyInn, personInn } from '../inn';
import { CITIES } from '../data/cities';
import { fullName, personName, shortName, tradeName, translit } from '../data/people';
import { SUPPLIER_CITIES, addDays, address, cityIndex, officeTime, type PlanContext } from './helpers';
import type { PlanSupplier } from './model';

const SUPPLIER_COUNT = 25;

export function planSuppliers({ random, now, start, uniquePhone }: PlanContext): {
  suppliers: PlanSupplier[];
  demoSupplier: number;
} {
  const suppliers: PlanSupplier[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < SUPPLIER_COUNT; i++) {
    const city = i === 0 ? cityIndex('Краснодар') : cityIndex(random.pick(SUPPLIER_CITIES));
    const citySeed = CITIES[city];
    const contact = personName(random);
    const isIp = i !== 0 && random.chance(0.3);
    let name: string;
    let inn: string;
    let domain: string;
    if (isIp) {
      const owner = personName(random);
      name = `ИП ${shortName(owner)}`;
      inn = personInn(random, citySeed.region);
      domain = random.pick(['mail.ru', 'yandex.ru', 'gmail.com', 'bk.ru']);
    } else {
      let trade = i === 0 ? 'ОрехЮгТрейд' : tradeName(random);
      while (usedNames.has(trade)) trade = tradeName(random);
      name = `ООО «${trade}»`;
      inn = companyInn(random, citySeed.region);
      domain = `${translit(trade)}.ru`;
    }
    if (usedNames.has(name)) {
      i--;
      continue;
    }
    usedNames.add(name);
    const created_at = officeTime(random, addDays(start, random.int(-60, 300)));
    const deleted = i >= SUPPLIER_COUNT - 2;
    suppliers.push({
      name,
      inn,
      phone: uniquePhone(),
      email: isIp
        ? `${translit(name.split(' ')[1])}.${random.int(10, 99)}@${domain}`
        : `${random.pick(['info', 'sales', 'opt', 'zakaz'])}@${domain}`,
      contact_name: fullName(contact),
      location: `г. ${citySeed.name}, ${address(random, citySeed)}`,
      loading_address: address(random, citySeed, random.chance(0.5) ? `, склад № ${random.int(1, 12)}` : ''),
      city,
      status: deleted ? 'deleted' : 'active',
      created_at,
      deleted_at: deleted ? officeTime(random, addDays(now, -random.int(20, 90))) : null,
    });
  }
  return { suppliers, demoSupplier: 0 };
}
