// Offers and the reserves placed against them, with the figures the server would compute (the domain's
// functions), and each offer's reserved and purchased amounts as the sums of its reserves.
import { CITIES } from '../data/cities';
import { PACKING, PRODUCTS } from '../data/products';
import { buyerName, mobilePhone } from '../data/people';
import { round2, weightText } from '../../../../domain/numbers';
import { kgPrice as kgPriceOf, offerSellingBand, totalSum } from '../../../../domain/offers/figures';
import { deliveryTerms, reserveFigures } from '../../../../domain/reserves/figures';
import { costPerUnit, sellingBounds } from '../../../../domain/offers/figures';
import {
  SUPPLIER_CITIES,
  addDays,
  address,
  cityIndex,
  dateOnly,
  fixed,
  fmt,
  minDate,
  officeTime,
  type PlanContext,
} from './helpers';
import {
  SETTINGS,
  type PlanDelivery,
  type PlanEmployee,
  type PlanOffer,
  type PlanReserve,
  type PlanSupplier,
  type PlanVariety,
} from './model';

const OFFER_COUNT = 400;
// Where buyers order delivery to, the bigger cities more often.
const BUYER_CITY_WEIGHT = (name: string) =>
  name === 'Москва'
    ? 8
    : name === 'Санкт-Петербург'
      ? 5
      : ['Новосибирск', 'Екатеринбург', 'Казань', 'Нижний Новгород', 'Краснодар', 'Ростов-на-Дону'].includes(name)
        ? 3
        : 1;

export interface TradeInput {
  delivery: PlanDelivery[];
  varieties: PlanVariety[];
  suppliers: PlanSupplier[];
  demoSupplier: number;
  employees: PlanEmployee[];
  managerEmployee: number;
  sellers: number[];
}

export function planTrade(
  { random, now }: PlanContext,
  input: TradeInput,
): { offers: PlanOffer[]; reserves: PlanReserve[] } {
  const { delivery, varieties, suppliers, demoSupplier, employees, managerEmployee, sellers } = input;
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
    const supplier =
      n % 12 === 0
        ? demoSupplier
        : random.chance(0.1)
          ? suppliers.length - 1 - random.int(0, 1)
          : random.pick(activeSuppliers);
    const deletedSupplier = suppliers[supplier].status === 'deleted';
    const city = random.chance(0.75) ? suppliers[supplier].city : cityIndex(random.pick(SUPPLIER_CITIES));
    const varietyName = random.chance(0.9) ? random.pick(seedProduct.varieties) : null;
    const variety =
      varietyName === null ? null : varieties.findIndex((v) => v.product === product && v.name === varietyName);
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
    const kgPrice = kgPriceOf(byPiece ? 'шт' : 'кг', unitPrice, unitWeight)!;
    const totalKg = unitAmount * unitWeight;

    const harvestBase = created_at.getUTCMonth() >= 9 ? created_at.getUTCFullYear() : created_at.getUTCFullYear() - 1;
    const harvestYear = Math.min(2026, Math.max(2023, harvestBase - (random.chance(0.2) ? 1 : 0)));

    const status: PlanOffer['status'] = deletedSupplier
      ? random.chance(0.5)
        ? 'deleted'
        : 'completed'
      : ageDays > 150 && random.chance(0.4)
        ? 'completed'
        : random.chance(0.05)
          ? 'deleted'
          : 'active';

    const origin_country = random.pick(seedProduct.origins);
    // Bringing the lot to our warehouse: ~1.5–4 ₽ per kg for the whole lot.
    const warehouseCost = fixed(totalKg * random.float(1.5, 4));
    // The selling band at our warehouse, as the server computes it for an offer saved through the API.
    const band = offerSellingBand(
      {
        unit_measure: byPiece ? 'шт' : 'кг',
        unit_weight: unitWeight,
        unit_amount: unitAmount,
        kg_price: kgPrice,
        warehouse_cost: warehouseCost,
      },
      SETTINGS,
    );
    const offer: PlanOffer = {
      product,
      variety,
      packing: packingIndex,
      city,
      supplier,
      status,
      harvest_year: String(harvestYear),
      origin_country,
      unit_measure: byPiece ? 'шт' : 'кг',
      unit_weight: weightText(unitWeight)!,
      units_per_pack: fmt(unitsPerPack),
      unit_amount: fixed(unitAmount),
      unit_price: fixed(unitPrice),
      total_sum: fixed(totalSum(unitPrice, unitAmount)!),
      kg_price: fixed(kgPrice),
      warehouse_cost: warehouseCost,
      min_unit_price: fixed(band.min_unit_price!),
      max_unit_price: fixed(band.max_unit_price!),
      loading_address: address(random, CITIES[city], random.chance(0.4) ? `, склад № ${random.int(1, 12)}` : ''),
      created_by:
        supplier === demoSupplier && random.chance(0.7) ? 'supplier' : random.chance(0.55) ? 'manager' : 'admin',
      created_at,
      deleted_at: null,
      reserved_amount: '0.00',
      purchased_amount: '0.00',
    };
    const offerIndex = offers.push(offer) - 1;

    // ---- reserves against this offer, in whole packs
    const lifetimeEnd = minDate(now, addDays(created_at, 150));
    const reserveAt = (from: Date, to: Date) =>
      officeTime(random, new Date(from.getTime() + random.next() * Math.max(0, to.getTime() - from.getTime())));
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
      if (random.chance(0.2))
        plans.push({ packs: Math.max(1, Math.round(packs * random.float(0.1, 0.4))), status: 'cancelled' });
    } else if (status === 'deleted') {
      // Withdrawn offers: at most a cancelled reserve.
      if (random.chance(0.4))
        plans.push({ packs: Math.max(1, Math.round(packs * random.float(0.1, 0.5))), status: 'cancelled' });
    } else {
      let left = packs;
      const count = random.weighted([
        [0, 3],
        [1, 5],
        [2, 4],
        [3, 2],
      ] as const);
      for (let r = 0; r < count && left > 1; r++) {
        const kind = random.weighted([
          ['completed', 3],
          ['active', 5],
          ['cancelled', 2],
        ] as const);
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
      const reserveCreated = active
        ? reserveAt(recentFrom, now)
        : reserveAt(created_at, minDate(latestClosed, addDays(now, -10)));
      let estimated = dateOnly(addDays(reserveCreated, random.int(active ? 2 : 3, active ? 25 : 20)));
      // Most open reserves are still due; a few are overdue, as in any real pipeline.
      if (active && estimated < now && random.chance(0.75)) estimated = dateOnly(addDays(now, random.int(1, 14)));
      const actual =
        plan.status === 'completed' ? dateOnly(minDate(addDays(estimated, random.int(-2, 4)), addDays(now, -1))) : null;
      const deliveryCity = random.chance(0.1) ? city : random.weighted(buyerCityWeights);
      const route = delivery.find((d) => d.from === city && d.to === deliveryCity);
      // The reserve card's rules (spec point 5 "Reserve calculations"): the route's terms or the default cost.
      const terms = deliveryTerms(route, SETTINGS.delivery_cost_default);
      // The seller picks a price inside the allowed band.
      const cost = costPerUnit(terms.delivery_cost, kgPrice, SETTINGS.costs_per_kg, unitWeight)!;
      const bounds = sellingBounds(cost, SETTINGS);
      const sellingPrice = round2(
        Math.min(
          bounds.max_selling_price!,
          Math.max(bounds.min_selling_price!, cost * (1 + random.float(SETTINGS.min_markup, SETTINGS.max_markup))),
        ),
      );
      const figures = reserveFigures(
        {
          amount,
          unit_selling_price: sellingPrice,
          delivery_cost: terms.delivery_cost,
          unit_price: unitPrice,
          kg_price: kgPrice,
          unit_weight: unitWeight,
          units_per_pack: unitsPerPack,
        },
        SETTINGS,
      );
      const responsible = random.chance(0.3)
        ? managerEmployee
        : random.pick(
            sellers.filter((s) => employees[s].status === 'active' || reserveCreated < employees[s].deleted_at!),
          );
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
        // the route's cost is the one typed, so the margin on the route is the same
        route_marginality: fixed(figures.marginality),
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

    if (status === 'deleted')
      offer.deleted_at = officeTime(random, addDays(created_at, random.int(5, Math.max(5, Math.min(ageDays, 60)))));
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
  return { offers, reserves };
}
