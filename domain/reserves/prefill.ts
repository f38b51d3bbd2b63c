// A new reserve's card opened with values already in it ('Зарезервировать' from a price list's line):
// the offer, the buyer's city, the price quoted and the delivery it was priced with, carried in the card's URL
// (/reserves/create?offer=…&city=…&price=…), which both the price list and the card read through this file.
export interface ReservePrefill {
  offer: number;
  city_id?: number;
  unit_selling_price?: string;
  delivery_cost?: string;
  delivery_days?: string;
}

/** The create card's address for a prefill. */
export function reserveCreateUrl(p: ReservePrefill): string {
  const params = new URLSearchParams({ offer: String(p.offer) });
  if (p.city_id) params.set('city', String(p.city_id));
  if (p.unit_selling_price) params.set('price', p.unit_selling_price);
  if (p.delivery_cost) params.set('delivery_cost', p.delivery_cost);
  if (p.delivery_days) params.set('delivery_days', p.delivery_days);
  return `/reserves/create?${params.toString()}`;
}

const NUMBER = /^\d+(\.\d+)?$/;

/** The form values a create card's URL prefills (only what reads as a number; the form checks the rest). */
export function prefillOf(
  search: string,
): Partial<Record<'city_id' | 'unit_selling_price' | 'delivery_cost' | 'delivery_days', string>> {
  const params = new URLSearchParams(search);
  const out: Partial<Record<'city_id' | 'unit_selling_price' | 'delivery_cost' | 'delivery_days', string>> = {};
  const take = (from: string, to: keyof typeof out) => {
    const v = params.get(from);
    if (v && NUMBER.test(v)) out[to] = v;
  };
  take('city', 'city_id');
  take('price', 'unit_selling_price');
  take('delivery_cost', 'delivery_cost');
  take('delivery_days', 'delivery_days');
  return out;
}
