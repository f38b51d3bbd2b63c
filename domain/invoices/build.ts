// From reserves to the invoice's content, or the refusal that names what to fix: active or completed reserves of one
// buyer, none deleted, each with a selling price, the seller's requisites present. The line arithmetic is the papers'
// own (domain/papers/lines.ts): total = amount × price with VAT, VAT carved out, half up per line, totals the sums of
// the lines. The due date follows the buyer's terms: a prepaying buyer pays by the invoice's day, a deferral adds its days.
import { addDays } from '../businessDay';
import { lineVatRate, OKEI, paperLine, paperTotals, scaled, type VatRate, type VatRegime } from '../papers/lines';
import { sumInWords } from '../papers/words';
import { INVOICE_MSG } from './texts';

export interface InvoiceReserveFacts {
  id: number;
  status: string;
  deleted: boolean;
  buyer_id: number | null;
  buyer_name: string | null;
  amount: string;
  unit_selling_price: string | null;
  unit_measure: string | null;
  /** the lot in words: product, variety, packing */
  lot: string;
  vat_rate: VatRate;
}

export interface InvoiceBuyerFacts {
  name: string;
  inn: string | null;
  kpp: string | null;
  legal_address: string | null;
  payment_terms: string;
  deferral_days: number | null;
}

export interface InvoiceSellerFacts {
  full_name: string | null;
  inn: string | null;
  kpp: string | null;
  address: string | null;
  director: string | null;
  accountant: string | null;
  bank_name: string | null;
  bik: string | null;
  account: string | null;
  corr_account: string | null;
  vat_regime: VatRegime;
}

export interface InvoiceParty {
  name: string;
  inn: string | null;
  kpp: string | null;
  address: string | null;
}

export interface InvoiceSeller extends InvoiceParty {
  bank_name: string;
  bik: string;
  account: string;
  corr_account: string | null;
  director: string | null;
  accountant: string | null;
  vat_regime: VatRegime;
}

export interface InvoiceLine {
  n: number;
  reserve_id: number;
  name: string;
  unit_name: string;
  amount: string;
  price: string;
  vat_rate: VatRate;
  vat_sum: string;
  total: string;
}

export interface InvoiceContent {
  buyer_id: number;
  due_date: string;
  seller: InvoiceSeller;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  totals: { total: string; vat_sum: string; words: string };
}

export class InvoiceRefused extends Error {}

const refuse = (message: string): never => {
  throw new InvoiceRefused(message);
};

const missingOf = (pairs: [string, unknown][]) => pairs.filter(([, v]) => !v).map(([title]) => title);

function sellerOf(s: InvoiceSellerFacts): InvoiceSeller {
  const entrepreneur = s.inn?.length === 12;
  const missing = missingOf([
    ['полное наименование', s.full_name],
    ['ИНН', s.inn],
    ...(entrepreneur ? [] : [['КПП', s.kpp] as [string, unknown]]),
    ['юридический адрес', s.address],
    ['банк', s.bank_name],
    ['БИК', s.bik],
    ['расчётный счёт', s.account],
  ]);
  if (missing.length) refuse(INVOICE_MSG.seller(missing));
  return {
    name: s.full_name!,
    inn: s.inn,
    kpp: entrepreneur ? null : s.kpp,
    address: s.address,
    bank_name: s.bank_name!,
    bik: s.bik!,
    account: s.account!,
    corr_account: s.corr_account,
    director: s.director,
    accountant: s.accountant,
    vat_regime: s.vat_regime,
  };
}

/** The day an invoice made on `day` is due by the buyer's terms. */
export const dueDateOf = (day: string, buyer: Pick<InvoiceBuyerFacts, 'payment_terms' | 'deferral_days'>) =>
  buyer.payment_terms === 'deferral' && buyer.deferral_days ? addDays(day, buyer.deferral_days) : day;

/** The reserves (in the order chosen) as one invoice made on `day`, or InvoiceRefused with the reason. */
export function invoiceContent(
  reserves: InvoiceReserveFacts[],
  buyer: InvoiceBuyerFacts | null,
  seller: InvoiceSellerFacts,
  day: string,
): InvoiceContent {
  if (!reserves.length) refuse(INVOICE_MSG.none);
  const deleted = reserves.filter((r) => r.deleted).map((r) => r.id);
  if (deleted.length) refuse(INVOICE_MSG.deleted(deleted));
  const wrong = reserves.filter((r) => r.status !== 'active' && r.status !== 'completed').map((r) => r.id);
  if (wrong.length) refuse(INVOICE_MSG.status(wrong));
  const noBuyer = reserves.filter((r) => r.buyer_id === null).map((r) => r.id);
  if (noBuyer.length) refuse(INVOICE_MSG.noBuyer(noBuyer));
  if (!reserves.every((r) => r.buyer_id === reserves[0].buyer_id))
    refuse(INVOICE_MSG.buyers([...new Set(reserves.map((r) => r.buyer_name ?? `№${r.buyer_id}`))]));
  const zero = reserves.filter((r) => !r.unit_selling_price || scaled(r.unit_selling_price, 2) <= 0n).map((r) => r.id);
  if (zero.length) refuse(INVOICE_MSG.zeroPrice(zero));
  const sellerSide = sellerOf(seller);
  const lines = reserves.map((r, i): InvoiceLine => {
    const figures = paperLine({
      amount: r.amount,
      price: r.unit_selling_price!,
      vat_rate: lineVatRate(seller.vat_regime, r.vat_rate),
    });
    return {
      n: i + 1,
      reserve_id: r.id,
      name: r.lot,
      unit_name: (OKEI[r.unit_measure ?? 'кг'] ?? OKEI.кг).name,
      amount: r.amount,
      price: figures.price,
      vat_rate: figures.vat_rate,
      vat_sum: figures.vat_sum,
      total: figures.total,
    };
  });
  const totals = paperTotals(lines.map((l) => ({ total: l.total, vat_sum: l.vat_sum, total_without_vat: '0' })));
  return {
    buyer_id: reserves[0].buyer_id!,
    due_date: dueDateOf(day, buyer!),
    seller: sellerSide,
    buyer: { name: buyer!.name, inn: buyer!.inn, kpp: buyer!.kpp, address: buyer!.legal_address },
    lines,
    totals: { total: totals.total, vat_sum: totals.vat_sum, words: sumInWords(totals.total_kopecks) },
  };
}

/** VAT of an invoice's lines by rate, for the 'В т.ч. НДС' lines under the total (rates without VAT left out). */
export function vatByRate(lines: readonly Pick<InvoiceLine, 'vat_rate' | 'vat_sum'>[]): [VatRate, bigint][] {
  const sums = new Map<VatRate, bigint>();
  for (const l of lines) sums.set(l.vat_rate, (sums.get(l.vat_rate) ?? 0n) + scaled(l.vat_sum, 2));
  return [...sums].filter(([rate]) => rate !== 'none');
}
