// The delivery matrix: cost per kg and days between two cities, from the great-circle distance.
// Roads are longer than the arc, and a truck covers ~600 km a day plus a day for loading.
import type { CitySeed } from './cities';
import { money } from '../../../../domain/numbers';

const EARTH_RADIUS_KM = 6371;
const ROAD_FACTOR = 1.25;

export function greatCircleKm(a: Pick<CitySeed, 'lat' | 'lon'>, b: Pick<CitySeed, 'lat' | 'lon'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface DeliveryTerms {
  /** ₽ per kg, 2 decimals. */
  cost: string;
  days: number;
}

/** Groupage freight: a fixed handling part plus a part per road kilometre. */
export function deliveryTerms(from: CitySeed, to: CitySeed): DeliveryTerms {
  const roadKm = greatCircleKm(from, to) * ROAD_FACTOR;
  const cost = 2.5 + roadKm * 0.0055;
  const days = 1 + Math.ceil(roadKm / 600);
  return { cost: money(cost)!, days };
}
