// The demo plan's records: plain data whose references are indexes into the plan's arrays (and user keys
// for the demo accounts); seed/index.ts turns them into ids. Also the business settings the data is built with.
import type { BusinessSettings } from '../../../../domain/settings';

export type UserKey = 'admin' | 'manager' | 'warehouse' | 'supplier';

export const SETTINGS: BusinessSettings = {
  /** ₽ per kg when the matrix has no route (delivery within the city). */
  delivery_cost_default: 15,
  /** Own costs per kg on top of purchase and delivery: storage, handling, paperwork. */
  costs_per_kg: 12,
  min_markup: 0.1,
  max_markup: 0.35,
  /** A new reserve holds its stock this many days ('Резерв до'). */
  reserve_hold_days: 5,
};

export interface PlanCity {
  name: string;
  created_at: Date;
}
export interface PlanDelivery {
  from: number;
  to: number;
  cost: string;
  days: number;
}
export interface PlanProduct {
  name: string;
  status: 'active' | 'deactivated' | 'deleted';
  created_at: Date;
  deleted_at: Date | null;
}
export interface PlanVariety {
  product: number;
  name: string;
}
export interface PlanSupplier {
  name: string;
  inn: string;
  phone: string;
  email: string;
  contact_name: string;
  location: string;
  loading_address: string;
  city: number;
  status: 'active' | 'deleted';
  created_at: Date;
  deleted_at: Date | null;
}
export interface PlanEmployee {
  full_name: string;
  phone: string;
  email: string;
  position: number;
  status: 'active' | 'deleted';
  created_at: Date;
  deleted_at: Date | null;
}
export interface PlanOffer {
  product: number;
  variety: number | null;
  packing: number;
  city: number;
  supplier: number;
  status: 'active' | 'completed' | 'deleted';
  harvest_year: string;
  origin_country: string;
  unit_measure: 'кг' | 'шт';
  unit_weight: string;
  units_per_pack: string;
  unit_amount: string;
  unit_price: string;
  total_sum: string;
  kg_price: string;
  warehouse_cost: string;
  min_unit_price: string;
  max_unit_price: string;
  loading_address: string;
  created_by: UserKey;
  created_at: Date;
  deleted_at: Date | null;
  reserved_amount: string;
  purchased_amount: string;
}
export interface PlanReserve {
  offer: number;
  status: 'active' | 'completed' | 'cancelled' | 'deleted';
  amount: string;
  packs_amount: string;
  unit_price: string;
  total_sum: string;
  unit_selling_price: string;
  total_selling_sum: string;
  min_selling_price: string;
  max_selling_price: string;
  marginality: string;
  route_marginality: string;
  estimated_date_implementation: Date;
  actual_date_implementation: Date | null;
  buyer_name: string;
  buyer_phone: string;
  city: number;
  delivery_address: string;
  delivery_cost: string;
  delivery_days: number | null;
  responsible: number;
  created_by: UserKey;
  created_at: Date;
  deleted_at: Date | null;
}
export interface PlanComment {
  entity: 'offers' | 'reserves';
  index: number;
  author: UserKey;
  text: string;
  created_at: Date;
}

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
