// The demo data set as plain records, before it touches the database. References between records are
// indexes into the plan's arrays (and user keys for the demo accounts); index.ts turns them into ids.
// Everything comes from one seeded PRNG, so the same `now` always yields the same data.
import { Random } from './random';
import { companyInn, personInn } from './inn';
import { CITIES, type CitySeed } from './data/cities';
import { deliveryTerms as routeTerms } from './data/geography';
import { PACKING, POSITIONS, PRODUCTS } from './data/products';
import { buyerName, fullName, mobilePhone, personName, shortName, tradeName, translit, type PersonName } from './data/people';
import { OFFER_COMMENTS, RESERVE_COMMENTS } from './data/comments';
import { round2 } from '../../../domain/numbers';
import { offerSellingBand } from '../../../domain/offers/figures';
import { costPerUnit, deliveryTerms, reserveFigures, sellingBounds } from '../../../domain/reserves/figures';
import type { BusinessSettings } from '../../../domain/settings';

export type UserKey = 'admin' | 'manager' | 'warehouse' | 'supplier';

export const SETTINGS: BusinessSettings = {
  /** ₽ per kg when the matrix has no route (delivery within the city). */
  delivery_cost_default: 15,
  /** Own costs per kg on top of purchase and delivery: storage, handling, paperwork. */
  costs_per_kg: 12,
  min_markup: 0.1,
  max_markup: 0.35,
};

const DAY = 24 * 60 * 60 * 1000;
const OFFER_COUNT = 400;
const SUPPLIER_COUNT = 25;
const EMPLOYEE_COUNT = 30;

export interface PlanCity { name: string; created_at: Date }
export interface PlanDelivery { from: number; to: number; cost: string; days: number }
export interface PlanProduct { name: string; status: 'active' | 'deactivated' | 'deleted'; created_at: Date; deleted_at: Date | null }
export interface PlanVariety { product: number; name: string }
export interface PlanSupplier {
  name: string; inn: string; phone: string; email: string; contact_name: string; location: string;
  loading_address: string; city: number; status: 'active' | 'deleted'; created_at: Date; deleted_at: Date | null;
}
export interface PlanEmployee {
  full_name: string; phone: string; email: string; position: number; status: 'active' | 'deleted';
  created_at: Date; deleted_at: Date | null;
}
export interface PlanOffer {
  product: number; variety: number | null; packing: number; city: number; supplier: number;
  status: 'active' | 'completed' | 'deleted'; harvest_year: string; origin_country: string;
  unit_measure: 'кг' | 'шт'; unit_weight: string; units_per_pack: string; unit_amount: string; unit_price: string;
  total_sum: string; kg_price: string; warehouse_cost: string; min_unit_price: string; max_unit_price: string;
  loading_address: string; created_by: UserKey; created_at: Date; deleted_at: Date | null;
  reserved_amount: string; purchased_amount: string;
}
export interface PlanReserve {
  offer: number; status: 'active' | 'completed' | 'cancelled' | 'deleted'; amount: string; packs_amount: string;
  unit_price: string; total_sum: string; unit_selling_price: string; total_selling_sum: string;
  min_selling_price: string; max_selling_price: string; marginality: string;
  estimated_date_implementation: Date; actual_date_implementation: Date | null;
  buyer_name: string; buyer_phone: string; city: number; delivery_address: string; delivery_cost: string;
  delivery_days: number | null; responsible: number; created_by: UserKey; created_at: Date; deleted_at: Date | null;
}
export interface PlanComment { entity: 'offers' | 'reserves'; index: number; author: UserKey; text: string; created_at: Date }

export interface DemoPlan {
  cities: PlanCity[];
  delivery: PlanDelivery[];
  positions: string[];
  products: PlanProduct[];
  varieties: PlanVariety[];
  packing: string[];
  suppliers: PlanSupplier[];
  employees: PlanEmployee[];
  /** Employees the demo accounts stand for. */
  managerEmployee: number;
  warehouseEmployee: number;
  /** The supplier the demo supplier account belongs to. */
  demoSupplier: number;
  offers: PlanOffer[];
  reserves: PlanReserve[];
  comments: PlanComment[];
}

const fixed = (n: number) => round2(n).toFixed(2);
const fmt = (n: number) => String(round2(n));
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY);
/** A moment during office hours (Moscow, UTC+3) on the given day. */
function officeTime(random: Random, day: Date): Date {
  const d = new Date(day);
  d.setUTCHours(random.int(6, 14), random.int(0, 59), random.int(0, 59), 0);
  return d;
}
const dateOnly = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const minDate = (a: Date, b: Date) => (a < b ? a : b);

function address(random: Random, city: CitySeed, extra = ''): string {
  const house = random.chance(0.3) ? `д. ${random.int(1, 120)}, стр. ${random.int(1, 9)}` : `д. ${random.int(1, 180)}`;
  return `${random.pick(city.streets)}, ${house}${extra}`;
}

// Where suppliers of nuts and dried fruit sit: the capitals, the south and the Far East ports.
const SUPPLIER_CITIES = ['Москва', 'Москва', 'Москва', 'Санкт-Петербург', 'Краснодар', 'Ростов-на-Дону', 'Махачкала', 'Дербент', 'Астрахань', 'Владивосток', 'Новосибирск', 'Екатеринбург', 'Калининград', 'Сочи', 'Ставрополь'];
// Where buyers order delivery to, the bigger cities more often.
const BUYER_CITY_WEIGHT = (name: string) => (name === 'Москва' ? 8 : name === 'Санкт-Петербург' ? 5 : ['Новосибирск', 'Екатеринбург', 'Казань', 'Нижний Новгород', 'Краснодар', 'Ростов-на-Дону'].includes(name) ? 3 : 1);

export function buildDemoPlan(now: Date = new Date(), seed = 'nutdesk-demo'): DemoPlan {
  const random = new Random(seed);
  const cityIndex = (name: string) => CITIES.findIndex((c) => c.name === name);
  const start = addDays(now, -560); // the business started using NutDesk ~18 months ago

  // ---- reference data
  const cities: PlanCity[] = CITIES.map((c, i) => ({ name: c.name, created_at: addDays(start, -30 + (i % 5)) }));
  const delivery: PlanDelivery[] = [];
  CITIES.forEach((from, i) =>
    CITIES.forEach((to, j) => {
      if (i !== j) delivery.push({ from: i, to: j, ...routeTerms(from, to) });
    }),
  );
  const positions = [...POSITIONS];
  const products: PlanProduct[] = PRODUCTS.map((p, i) => ({
    name: p.name,
    status: p.status,
    created_at: addDays(start, -20 + i),
    deleted_at: p.status === 'deleted' ? addDays(start, 200) : null,
  }));
  const varieties: PlanVariety[] = PRODUCTS.flatMap((p, product) => p.varieties.map((name) => ({ product, name })));
  const packing = PACKING.map((p) => p.name);

  // ---- suppliers: ООО with 10-digit INNs, ИП with 12-digit ones
  const suppliers: PlanSupplier[] = [];
  const usedNames = new Set<string>();
  const usedPhones = new Set<string>();
  const uniquePhone = () => {
    let phone = mobilePhone(random);
    while (usedPhones.has(phone)) phone = mobilePhone(random);
    usedPhones.add(phone);
    return phone;
  };
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
    if (usedNames.has(name)) { i--; continue; }
    usedNames.add(name);
    const created_at = officeTime(random, addDays(start, random.int(-60, 300)));
    const deleted = i >= SUPPLIER_COUNT - 2;
    suppliers.push({
      name,
      inn,
      phone: uniquePhone(),
      email: isIp ? `${translit(name.split(' ')[1])}.${random.int(10, 99)}@${domain}` : `${random.pick(['info', 'sales', 'opt', 'zakaz'])}@${domain}`,
      contact_name: fullName(contact),
      location: `г. ${citySeed.name}, ${address(random, citySeed)}`,
      loading_address: address(random, citySeed, random.chance(0.5) ? `, склад № ${random.int(1, 12)}` : ''),
      city,
      status: deleted ? 'deleted' : 'active',
      created_at,
      deleted_at: deleted ? officeTime(random, addDays(now, -random.int(20, 90))) : null,
    });
  }
  const demoSupplier = 0;

  // ---- employees
  const positionOf = (name: (typeof POSITIONS)[number]) => positions.indexOf(name);
  const staffing: (typeof POSITIONS)[number][] = [
    ...Array(11).fill('Менеджер по продажам'), ...Array(3).fill('Старший менеджер'), 'Руководитель отдела продаж',
    'Менеджер по закупкам', 'Менеджер по закупкам', ...Array(4).fill('Кладовщик'), 'Старший кладовщик',
    'Логист', 'Логист', 'Логист', 'Бухгалтер', 'Бухгалтер', 'Коммерческий директор', 'Специалист по качеству',
  ];
  while (staffing.length < EMPLOYEE_COUNT) staffing.push('Менеджер по продажам');
  const employees: PlanEmployee[] = [];
  const usedEmails = new Set<string>();
  const people: PersonName[] = [];
  for (const position of staffing) {
    const person = personName(random);
    let email = `${translit(person.first)[0]}.${translit(person.surname)}@nutdesk.demo`;
    if (usedEmails.has(email)) email = `${translit(person.first)}.${translit(person.surname)}@nutdesk.demo`;
    if (usedEmails.has(email)) { continue; }
    usedEmails.add(email);
    people.push(person);
    employees.push({
      full_name: fullName(person),
      phone: uniquePhone(),
      email,
      position: positionOf(position),
      status: 'active',
      created_at: officeTime(random, addDays(start, random.int(-90, 120))),
      deleted_at: null,
    });
  }
  // The demo manager and storekeeper are the first of their positions; their e-mails are the sign-in ones.
  const managerEmployee = employees.findIndex((e) => e.position === positionOf('Менеджер по продажам'));
  const warehouseEmployee = employees.findIndex((e) => e.position === positionOf('Кладовщик'));
  employees[managerEmployee].email = 'manager@nutdesk.demo';
  employees[warehouseEmployee].email = 'warehouse@nutdesk.demo';
  // Two sales managers left the company.
  const leavers = employees
    .map((e, i) => i)
    .filter((i) => employees[i].position === positionOf('Менеджер по продажам') && i !== managerEmployee)
    .slice(-2);
  for (const i of leavers) {
    employees[i].status = 'deleted';
    employees[i].deleted_at = officeTime(random, addDays(now, -random.int(40, 200)));
  }
  const sellers = employees
    .map((e, i) => i)
    .filter((i) => ['Менеджер по продажам', 'Старший менеджер', 'Руководитель отдела продаж'].includes(positions[employees[i].position]));

  // ---- offers and their reserves
  const offers: PlanOffer[] = [];
  const reserves: PlanReserve[] = [];
  const activeSuppliers = suppliers.map((s, i) => i).filter((i) => suppliers[i].status === 'active');
  const buyerCityWeights = CITIES.map((c, i) => [i, BUYER_CITY_WEIGHT(c.name)] as const);

  for (let n = 0; n < OFFER_COUNT; n++) {
    const ageDays = Math.floor(Math.pow(random.next(), 0.85) * 540);
    const created_at = officeTime(random, addDays(now, -ageDays));

    // Deactivated goods were traded only before they were taken off the list; deleted goods not at all.
    let product = random.int(0, PRODUCTS.length - 1);
    while (PRODUCTS[product].status === 'deleted' || (PRODUCTS[product].status === 'deactivated' && ageDays < 240)) {
      product = random.int(0, PRODUCTS.length - 1);
    }
    const seedProduct = PRODUCTS[product];
    const supplier = n % 12 === 0 ? demoSupplier : random.chance(0.1) ? suppliers.length - 1 - random.int(0, 1) : random.pick(activeSuppliers);
    const deletedSupplier = suppliers[supplier].status === 'deleted';
    const city = random.chance(0.75) ? suppliers[supplier].city : cityIndex(random.pick(SUPPLIER_CITIES));
    const varietyName = random.chance(0.9) ? random.pick(seedProduct.varieties) : null;
    const variety = varietyName === null ? null : varieties.findIndex((v) => v.product === product && v.name === varietyName);
    const packingName = random.pick(seedProduct.packing);
    const packingIndex = PACKING.findIndex((p) => p.name === packingName);
    const packKg = PACKING[packingIndex].kg;

    // Sold by the kilogram, or by the piece (a box or bag of a fixed weight); big bags only by weight.
    const byPiece = packKg < 500 && random.chance(0.35);
    const unitWeight = byPiece ? packKg : 1;
    const unitsPerPack = byPiece ? (packKg <= 1 ? 20 : 1) : packKg;
    const pricier = seedProduct.priceKg[0] >= 1000;
    const targetKg = random.int(pricier ? 200 : 500, pricier ? 4000 : 16000);
    const packs = Math.max(2, Math.round(targetKg / (unitWeight * unitsPerPack)));
    const unitAmount = packs * unitsPerPack;

    // Prices drift up ~8% a year; older offers were cheaper.
    const drift = 1 - (ageDays / 365) * 0.08;
    const [low, high] = seedProduct.priceKg;
    const priceKg = Math.round(random.float(low, high) * drift);
    const unitPrice = round2(priceKg * unitWeight);
    const kgPrice = round2(unitPrice / unitWeight);
    const totalKg = unitAmount * unitWeight;

    const harvestBase = created_at.getUTCMonth() >= 9 ? created_at.getUTCFullYear() : created_at.getUTCFullYear() - 1;
    const harvestYear = Math.min(2026, Math.max(2023, harvestBase - (random.chance(0.2) ? 1 : 0)));

    const status: PlanOffer['status'] = deletedSupplier
      ? random.chance(0.5) ? 'deleted' : 'completed'
      : ageDays > 150 && random.chance(0.4) ? 'completed'
      : random.chance(0.05) ? 'deleted' : 'active';

    const origin_country = random.pick(seedProduct.origins);
    // Bringing the lot to our warehouse: ~1.5–4 ₽ per kg for the whole lot.
    const warehouseCost = fixed(totalKg * random.float(1.5, 4));
    // The selling band at our warehouse, as the server computes it for an offer saved through the API.
    const band = offerSellingBand(
      { unit_measure: byPiece ? 'шт' : 'кг', unit_weight: unitWeight, unit_amount: unitAmount, kg_price: kgPrice, warehouse_cost: warehouseCost },
      SETTINGS,
    );
    const offer: PlanOffer = {
      product, variety, packing: packingIndex, city, supplier, status,
      harvest_year: String(harvestYear),
      origin_country,
      unit_measure: byPiece ? 'шт' : 'кг',
      unit_weight: fmt(unitWeight),
      units_per_pack: fmt(unitsPerPack),
      unit_amount: fixed(unitAmount),
      unit_price: fixed(unitPrice),
      total_sum: fixed(unitPrice * unitAmount),
      kg_price: fixed(kgPrice),
      warehouse_cost: warehouseCost,
      min_unit_price: fixed(band.min_unit_price!),
      max_unit_price: fixed(band.max_unit_price!),
      loading_address: address(random, CITIES[city], random.chance(0.4) ? `, склад № ${random.int(1, 12)}` : ''),
      created_by: supplier === demoSupplier && random.chance(0.7) ? 'supplier' : random.chance(0.55) ? 'manager' : 'admin',
      created_at,
      deleted_at: null,
      reserved_amount: '0.00',
      purchased_amount: '0.00',
    };
    const offerIndex = offers.push(offer) - 1;

    // ---- reserves against this offer, in whole packs
    const lifetimeEnd = minDate(now, addDays(created_at, 150));
    const reserveAt = (from: Date, to: Date) => officeTime(random, new Date(from.getTime() + random.next() * Math.max(0, to.getTime() - from.getTime())));
    const plans: { packs: number; status: PlanReserve['status'] }[] = [];
    if (status === 'completed') {
      // Sold out: completed reserves take every pack; a cancelled one or two along the way.
      let left = packs;
      const parts = Math.min(packs, random.int(1, 3));
      for (let p = parts; p > 0; p--) {
        const take = p === 1 ? left : Math.max(1, Math.round((left / p) * random.float(0.6, 1.4)));
        plans.push({ packs: Math.min(take, left - (p - 1)), status: 'completed' });
        left -= plans[plans.length - 1].packs;
      }
      if (random.chance(0.2)) plans.push({ packs: Math.max(1, Math.round(packs * random.float(0.1, 0.4))), status: 'cancelled' });
    } else if (status === 'deleted') {
      // Withdrawn offers: at most a cancelled reserve.
      if (random.chance(0.4)) plans.push({ packs: Math.max(1, Math.round(packs * random.float(0.1, 0.5))), status: 'cancelled' });
    } else {
      let left = packs;
      const count = random.weighted([[0, 3], [1, 5], [2, 4], [3, 2]] as const);
      for (let r = 0; r < count && left > 1; r++) {
        const kind = random.weighted([['completed', 3], ['active', 5], ['cancelled', 2]] as const);
        const take = Math.max(1, Math.min(left - 1, Math.round(packs * random.float(0.05, 0.35))));
        plans.push({ packs: take, status: kind });
        if (kind !== 'cancelled') left -= take;
      }
    }

    for (const plan of plans) {
      const amount = plan.packs * unitsPerPack;
      const active = plan.status === 'active';
      // Active reserves are recent; the others had time to be delivered or called off.
      const recentFrom = new Date(Math.max(created_at.getTime(), addDays(now, -45).getTime()));
      const latestClosed = addDays(lifetimeEnd, -10) > created_at ? addDays(lifetimeEnd, -10) : created_at;
      const reserveCreated = active ? reserveAt(recentFrom, now) : reserveAt(created_at, minDate(latestClosed, addDays(now, -10)));
      let estimated = dateOnly(addDays(reserveCreated, random.int(active ? 2 : 3, active ? 25 : 20)));
      // Most open reserves are still due; a few are overdue, as in any real pipeline.
      if (active && estimated < now && random.chance(0.75)) estimated = dateOnly(addDays(now, random.int(1, 14)));
      const actual = plan.status === 'completed' ? dateOnly(minDate(addDays(estimated, random.int(-2, 4)), addDays(now, -1))) : null;
      const deliveryCity = random.chance(0.1) ? city : random.weighted(buyerCityWeights);
      const route = delivery.find((d) => d.from === city && d.to === deliveryCity);
      // The reserve card's rules (spec point 5 "Reserve calculations"): the route's terms or the default cost.
      const terms = deliveryTerms(route, SETTINGS.delivery_cost_default);
      // The seller picks a price inside the allowed band.
      const cost = costPerUnit(terms.delivery_cost, kgPrice, SETTINGS.costs_per_kg, unitWeight)!;
      const bounds = sellingBounds(cost, SETTINGS);
      const sellingPrice = round2(Math.min(bounds.max_selling_price!, Math.max(bounds.min_selling_price!, cost * (1 + random.float(SETTINGS.min_markup, SETTINGS.max_markup)))));
      const figures = reserveFigures(
        { amount, unit_selling_price: sellingPrice, delivery_cost: terms.delivery_cost, unit_price: unitPrice, kg_price: kgPrice, unit_weight: unitWeight, units_per_pack: unitsPerPack },
        SETTINGS,
      );
      const responsible = random.chance(0.3) ? managerEmployee : random.pick(sellers.filter((s) => employees[s].status === 'active' || reserveCreated < employees[s].deleted_at!));
      reserves.push({
        offer: offerIndex,
        status: plan.status,
        amount: fixed(amount),
        packs_amount: figures.packs_amount!.toFixed(1),
        unit_price: fixed(unitPrice),
        total_sum: fixed(figures.total_sum!),
        unit_selling_price: fixed(sellingPrice),
        total_selling_sum: fixed(figures.total_selling_sum!),
        min_selling_price: fixed(figures.min_selling_price!),
        max_selling_price: fixed(figures.max_selling_price!),
        marginality: fixed(figures.marginality),
        estimated_date_implementation: estimated,
        actual_date_implementation: actual,
        buyer_name: buyerName(random),
        buyer_phone: mobilePhone(random),
        city: deliveryCity,
        delivery_address: address(random, CITIES[deliveryCity]),
        delivery_cost: fixed(terms.delivery_cost),
        delivery_days: terms.delivery_days,
        responsible,
        created_by: responsible === managerEmployee ? 'manager' : 'admin',
        created_at: reserveCreated,
        deleted_at: null,
      });
    }

    if (status === 'deleted') offer.deleted_at = officeTime(random, addDays(created_at, random.int(5, Math.max(5, Math.min(ageDays, 60)))));
  }

  // A few cancelled reserves were removed altogether.
  const cancelled = reserves.map((r, i) => i).filter((i) => reserves[i].status === 'cancelled');
  for (const i of random.sample(cancelled, 12)) {
    reserves[i].status = 'deleted';
    reserves[i].deleted_at = addDays(reserves[i].created_at, 1);
  }

  // The offer's own counters are the sums of its reserves (DESIGN.md).
  const reserved = new Map<number, number>();
  const purchased = new Map<number, number>();
  for (const r of reserves) {
    const sums = r.status === 'active' ? reserved : r.status === 'completed' ? purchased : null;
    sums?.set(r.offer, (sums.get(r.offer) ?? 0) + Number(r.amount));
  }
  offers.forEach((o, i) => {
    o.reserved_amount = fixed(reserved.get(i) ?? 0);
    o.purchased_amount = fixed(purchased.get(i) ?? 0);
  });

  // ---- comments by the demo accounts
  const comments: PlanComment[] = [];
  offers.forEach((o, i) => {
    if (!random.chance(0.15)) return;
    const author: UserKey = o.supplier === demoSupplier && random.chance(0.5) ? 'supplier' : random.pick(['admin', 'manager', 'warehouse'] as const);
    comments.push({ entity: 'offers', index: i, author, text: random.pick(OFFER_COMMENTS), created_at: officeTime(random, addDays(o.created_at, random.int(0, 3))) });
  });
  reserves.forEach((r, i) => {
    if (!random.chance(0.15)) return;
    const text = r.status === 'cancelled' || r.status === 'deleted' ? 'Покупатель отказался из-за цены, резерв отменён.' : random.pick(RESERVE_COMMENTS.slice(0, -1));
    comments.push({ entity: 'reserves', index: i, author: r.created_by, text, created_at: officeTime(random, addDays(r.created_at, random.int(0, 2))) });
  });

  return {
    cities, delivery, positions, products, varieties, packing, suppliers, employees,
    managerEmployee, warehouseEmployee, demoSupplier, offers, reserves, comments,
  };
}
