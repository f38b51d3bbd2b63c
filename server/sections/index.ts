// Every section of the registry (domain/sections.ts) has its folder here: the Fastify plugin for /api/<section>
// and its list spec. These records are typed by the registry's keys, so a section added there fails the
// typecheck until its folder is registered here; buildApp loops over them.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Section } from '../../domain/sections';
import type { SectionSpec } from '../contract/section';
import offers, { offersSpec } from './offers';
import reserves, { reservesSpec } from './reserves';
import employees, { employeesSpec } from './employees';
import suppliers, { suppliersSpec } from './suppliers';
import products, { productsSpec } from './products';
import cities, { citiesSpec } from './cities';
import buyers, { buyersSpec } from './buyers';
import shipments, { shipmentsSpec } from './shipments';

export type SectionPlugin = (app: FastifyInstance, opts: { db: Database }) => Promise<void>;

export const SECTION_PLUGINS: Record<Section, SectionPlugin> = {
  offers,
  reserves,
  employees,
  suppliers,
  products,
  cities,
  buyers,
  shipments,
};

/** Each spec is its own section's (`SectionSpec<'offers'>` under offers): the record pipeline types a section's stored
 * record by the table of the section its spec names (server/contract/tables.ts). */
export const SECTION_SPECS: { [S in Section]: SectionSpec<S> } = {
  offers: offersSpec,
  reserves: reservesSpec,
  employees: employeesSpec,
  suppliers: suppliersSpec,
  products: productsSpec,
  cities: citiesSpec,
  buyers: buyersSpec,
  shipments: shipmentsSpec,
};
