import { headerMinWidth, PAGE_SIZES } from '../lists';
import { SECTIONS } from '../sections';
import * as offers from '../offers/resource';
import * as reserves from '../reserves/resource';
import * as employees from '../employees/resource';
import * as suppliers from '../suppliers/resource';
import * as products from '../products/resource';
import * as cities from '../cities/resource';
import { filters as offersFilters } from '../offers/resource';
import { filters as reservesFilters } from '../reserves/resource';
import { filters as employeesFilters } from '../employees/resource';
import { filters as suppliersFilters } from '../suppliers/resource';
import { filters as productsFilters } from '../products/resource';
import { filters as citiesFilters } from '../cities/resource';
import * as buyers from '../buyers/resource';
import { filters as buyersFilters } from '../buyers/resource';
import * as shipments from '../shipments/resource';

const SECTION_COLUMNS = {
  offers: offers.columns,
  reserves: reserves.columns,
  employees: employees.columns,
  suppliers: suppliers.columns,
  products: products.columns,
  cities: cities.columns,
  buyers: buyers.columns,
  shipments: shipments.columns,
};
const SECTION_FILTERS = {
  offers: offersFilters,
  reserves: reservesFilters,
  employees: employeesFilters,
  suppliers: suppliersFilters,
  products: productsFilters,
  cities: citiesFilters,
  buyers: buyersFilters,
  shipments: shipments.filters,
};

describe('list definitions', () => {
  test('every section has the filter keys the spec lists (point 3)', () => {
    const keys = (s: keyof typeof SECTION_FILTERS) => SECTION_FILTERS[s].map((d) => d.key).sort();
    expect(keys('offers')).toEqual(
      [
        'offers_ids',
        'with_image',
        'statuses_ids',
        'suppliers_ids',
        'products_ids',
        'harvest_years',
        'origin_country',
        'varieties_ids',
        'packaging_ids',
        'purchased_amount',
        'unit_price',
        'total_sum',
        'reserved_amount',
        'reserved_sum',
        'reserve_ids',
        'unit_amount',
        'deal_ids',
        'available_amount',
        'available_sum',
        'warehouse_cost',
        'min_unit_price',
        'max_unit_price',
        'cities_ids',
        'loading_address',
        'creators_ids',
        'created_at',
        'with_documents',
        'with_comments',
        // issue 39: the lot's papers
        'documents_state',
        // issue 40: a lot on its way
        'logistics_states_ids',
        'expected_arrival',
        // a lot's landed cost per kg from its shipment
        'landed_kg_cost',
        // a lot bought in a currency: its price in it, the rate policy and the rate its ruble price was made at
        'purchase_currencies_ids',
        'purchase_price',
        'rate_policies_ids',
        'fixed_rate',
        'fixed_rate_date',
        'purchase_rate',
        'purchase_rate_date',
        // an imported lot's customs declaration
        'customs_declaration',
      ].sort(),
    );
    expect(keys('products')).toEqual(['created_at', 'products', 'products_ids', 'statuses_ids', 'with_comments']);
    expect(keys('cities')).toEqual([
      'cities',
      'cities_ids',
      'created_at',
      'deleted_at',
      'delivery_cost',
      'delivery_days',
      'statuses_ids',
      'with_comments',
    ]);
    expect(keys('suppliers')).toContain('contact_person');
    expect(keys('reserves')).toEqual(
      expect.arrayContaining(['reserves_ids', 'delivery_city', 'warehouse_delivery_days']),
    );
  });

  test('column keys are unique within a section and every section starts with its own id link', () => {
    for (const section of SECTIONS) {
      const keys = SECTION_COLUMNS[section].map((c) => c.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(SECTION_COLUMNS[section][0]).toMatchObject({ key: 'id', type: 'id_link' });
    }
  });

  test('page sizes are 20, 50, 100, 200', () => {
    expect(PAGE_SIZES).toEqual([20, 50, 100, 200]);
  });
});

test("a default column is wide enough for its header's longest word: headers wrap between words, never inside one", () => {
  expect(headerMinWidth('Количество')).toBe(150); // 10 letters × 9 px + 2 × 16 px padding + the 28 px sort arrow
  expect(headerMinWidth('Маржинальность, %')).toBe(200);
  const offerColumn = reserves.columns.find((c) => c.key === 'offer_id')!;
  expect(offerColumn.title).toBe('Предложение');
  expect(offerColumn.width).toBe(160); // declared 120, 'Предложение' needs 159
  for (const section of SECTIONS) {
    for (const column of SECTION_COLUMNS[section]) {
      if (column.width !== undefined)
        expect([column.key, column.width >= headerMinWidth(column.title)]).toEqual([column.key, true]);
    }
  }
});
