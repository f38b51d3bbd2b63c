// Every section's resource, by section: for the code that reads them all (the history's fields, the bulk dialog's
// fields, the roles tab's choices, the required fields). A section's own code imports its resource directly; the
// registry of sections (sections.ts) stays light and names no resource, so the sign-in chunk does not carry them.
import type { Resource } from './resource';
import type { Section } from './sectionKeys';
import { offersResource } from './offers/resource';
import { reservesResource } from './reserves/resource';
import { employeesResource } from './employees/resource';
import { suppliersResource } from './suppliers/resource';
import { productsResource } from './products/resource';
import { citiesResource } from './cities/resource';
import { buyersResource } from './buyers/resource';
import { shipmentsResource } from './shipments/resource';

export const SECTION_RESOURCES: Readonly<Record<Section, Resource>> = {
  offers: offersResource,
  reserves: reservesResource,
  employees: employeesResource,
  suppliers: suppliersResource,
  products: productsResource,
  cities: citiesResource,
  buyers: buyersResource,
  shipments: shipmentsResource,
} as Readonly<Record<Section, Resource>>;

/** A table by section worked out from each section's resource; a section that declares none (one just added to the
 * registry) has no entry, as it had none in the hand-written tables these replace. */
export function bySection<T>(of: (resource: Resource, section: Section) => T): Record<Section, T> {
  return Object.fromEntries(
    Object.entries(SECTION_RESOURCES).map(([section, resource]) => [section, of(resource, section as Section)]),
  ) as Record<Section, T>;
}
