// The demo data set as plain records, before it touches the database (seed/index.ts writes it). Everything
// comes from one seeded PRNG, consumed in a fixed order across the parts below, so the same `now` always
// yields the same data.
import { CITIES } from '../data/cities';
import { deliveryTerms as routeTerms } from '../data/geography';
import { PACKING, POSITIONS, PRODUCTS } from '../data/products';
import { addDays, planContext } from './helpers';
import type { DemoPlan, PlanCity, PlanDelivery, PlanProduct, PlanVariety } from './model';
import { planSuppliers } from './suppliers';
import { planEmployees } from './employees';
import { planTrade } from './trade';
import { planComments } from './comments';

export * from './model';

export function buildDemoPlan(now: Date = new Date(), seed = 'nutdesk-demo'): DemoPlan {
  const context = planContext(now, seed);
  const { start } = context;

  // ---- reference data
  const cities: PlanCity[] = CITIES.map((c, i) => ({ name: c.name, created_at: addDays(start, -30 + (i % 5)) }));
  const delivery: PlanDelivery[] = [];
  CITIES.forEach((from, i) =>
    CITIES.forEach((to, j) => {
      // a city's own row is its local delivery: the shortest route of all
      delivery.push({ from: i, to: j, ...routeTerms(from, to) });
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

  const { suppliers, demoSupplier } = planSuppliers(context);
  const { employees, managerEmployee, warehouseEmployee, sellers } = planEmployees(context, positions);
  const { offers, reserves } = planTrade(context, {
    delivery,
    varieties,
    suppliers,
    demoSupplier,
    employees,
    managerEmployee,
    sellers,
  });
  const comments = planComments(context, offers, reserves, demoSupplier);

  return {
    cities,
    delivery,
    positions,
    products,
    varieties,
    packing,
    suppliers,
    employees,
    managerEmployee,
    warehouseEmployee,
    demoSupplier,
    offers,
    reserves,
    comments,
  };
}
