// From completed reserves to the УПД's content, or the refusal that names what to fix: one buyer, one shipment date,
// no zero price, an imported lot only with its declaration number and a country the classifier (or an
// administrator's mapping) names, the seller's and the buyer's requisites present. The line arithmetic is the
// papers' own (domain/papers/lines.ts): total = amount × price with VAT, VAT carved out, half up to the kopeck.
import {
  lineVatRate,
  moneyText,
  OKEI,
  paperLine,
  paperTotals,
  scaled,
  type VatRate,
  type VatRegime,
} from '../papers/lines';
import { matchCountry, RUSSIA_OKSM } from '../oksm';
import type { UpdLine, UpdParty, UpdPerson } from './document';
import { UPD_MSG, UPD_TEXTS } from './texts';

export interface UpdReserveFacts {
  id: number;
  status: string;
  buyer_id: number | null;
  buyer_name: string | null;
  /** the day it was completed: the goods left */
  shipment_date: string | null;
  amount: string;
  unit_selling_price: string | null;
  unit_measure: string | null;
  offer_id: number;
  /** the lot in words: product, variety, packing */
  lot: string;
  vat_rate: VatRate;
  origin_country: string | null;
  customs_declaration: string | null;
}

export interface UpdBuyerFacts {
  name: string;
  inn: string | null;
  kpp: string | null;
  legal_address: string | null;
}

/** The company settings a УПД prints (domain/settings: company_*). */
export interface UpdSellerFacts {
  full_name: string | null;
  inn: string | null;
  kpp: string | null;
  address: string | null;
  director: string | null;
  bank_name: string | null;
  bik: string | null;
  account: string | null;
  corr_account: string | null;
  vat_regime: VatRegime;
}

export interface UpdContent {
  buyer_id: number;
  shipment_date: string;
  seller: UpdParty;
  buyer: UpdParty;
  signer: UpdPerson & { position: string };
  lines: (UpdLine & { reserve_id: number })[];
  totals: { sumWithoutVat: string; vatSum: string; sumWithVat: string };
}

export class UpdRefused extends Error {}

const refuse = (message: string): never => {
  throw new UpdRefused(message);
};

/** 'Иванов Иван Иванович' (after an 'ИП' prefix) as the format's parts; null when fewer than two words. */
export function personOf(text: string | null | undefined): UpdPerson | null {
  const words = (text ?? '')
    .replace(/^\s*(ИП|индивидуальный предприниматель)\s+/i, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length < 2) return null;
  return { surname: words[0], name: words[1], patronymic: words.slice(2).join(' ') || null };
}

const missingOf = (pairs: [string, unknown][]) => pairs.filter(([, v]) => !v).map(([title]) => title);

function sellerParty(s: UpdSellerFacts): { party: UpdParty; signer: UpdContent['signer'] } {
  const entrepreneur = s.inn?.length === 12;
  const missing = missingOf([
    ['полное наименование', s.full_name],
    ['ИНН', s.inn],
    ...(entrepreneur ? [] : [['КПП', s.kpp] as [string, unknown]]),
    ['юридический адрес', s.address],
    ['руководитель', s.director],
  ]);
  const director = personOf(s.director);
  if (s.director && !director) missing.push('руководитель (фамилия и имя)');
  if (missing.length) refuse(UPD_MSG.seller(missing));
  const bank =
    s.account && s.bik && s.bank_name
      ? { account: s.account, bankName: s.bank_name, bik: s.bik, corrAccount: s.corr_account }
      : null;
  return {
    party: {
      name: s.full_name!,
      inn: s.inn!,
      kpp: entrepreneur ? null : s.kpp,
      address: s.address!,
      person: entrepreneur ? director : null,
      bank,
    },
    signer: { ...director!, position: UPD_TEXTS.signer },
  };
}

function buyerParty(b: UpdBuyerFacts): UpdParty {
  const missing = missingOf([
    ['ИНН', b.inn],
    ['юридический адрес', b.legal_address],
  ]);
  if (missing.length) refuse(UPD_MSG.buyer(b.name, missing));
  if (b.inn!.length === 12) {
    const person = personOf(b.name);
    if (!person) refuse(UPD_MSG.entrepreneur(b.name));
    return { name: b.name, inn: b.inn!, kpp: null, address: b.legal_address!, person };
  }
  if (!b.kpp) refuse(UPD_MSG.buyer(b.name, ['КПП']));
  return { name: b.name, inn: b.inn!, kpp: b.kpp, address: b.legal_address!, person: null };
}

/** Price per unit without VAT: the line's sum without VAT over its amount, half up to the kopeck. */
export function priceWithoutVat(sumWithoutVat: string, amount: string): string {
  const thousandths = scaled(amount, 3);
  const n = scaled(sumWithoutVat, 2) * 1000n;
  return moneyText((n + thousandths / 2n) / thousandths);
}

const sameAll = <T>(values: T[]) => values.every((v) => v === values[0]);

/** The reserves (locked, in the order chosen) as one УПД, or UpdRefused with the reason. */
export function updContent(
  reserves: UpdReserveFacts[],
  buyer: UpdBuyerFacts | null,
  seller: UpdSellerFacts,
  mapped: ReadonlyMap<string, string>,
): UpdContent {
  if (!reserves.length) refuse(UPD_MSG.none);
  const notCompleted = reserves.filter((r) => r.status !== 'completed').map((r) => r.id);
  if (notCompleted.length) refuse(UPD_MSG.notCompleted(notCompleted));
  const noBuyer = reserves.filter((r) => r.buyer_id === null).map((r) => r.id);
  if (noBuyer.length) refuse(UPD_MSG.noBuyer(noBuyer));
  if (!sameAll(reserves.map((r) => r.buyer_id)))
    refuse(UPD_MSG.buyers([...new Set(reserves.map((r) => r.buyer_name ?? `№${r.buyer_id}`))]));
  const noDate = reserves.filter((r) => !r.shipment_date).map((r) => r.id);
  if (noDate.length) refuse(UPD_MSG.noDate(noDate));
  if (!sameAll(reserves.map((r) => r.shipment_date)))
    refuse(UPD_MSG.dates([...new Set(reserves.map((r) => dayText(r.shipment_date!)))]));
  const zero = reserves.filter((r) => !r.unit_selling_price || scaled(r.unit_selling_price, 2) <= 0n).map((r) => r.id);
  if (zero.length) refuse(UPD_MSG.zeroPrice(zero));
  const { party: sellerSide, signer } = sellerParty(seller);
  const buyerSide = buyerParty(buyer!);

  const lines = reserves.map((r, i): UpdContent['lines'][number] => {
    const lotName = `лот №${r.offer_id}, ${r.lot}`;
    let origin: UpdLine['origin'] = null;
    if (r.origin_country) {
      const country = matchCountry(r.origin_country, mapped);
      if (!country) refuse(UPD_MSG.unmappedCountry(r.origin_country, lotName));
      if (country!.code !== RUSSIA_OKSM) {
        if (!r.customs_declaration?.trim()) refuse(UPD_MSG.noDeclaration(`${lotName}, ${r.origin_country}`));
        origin = { code: country!.code, short: country!.short, declaration: r.customs_declaration!.trim() };
      }
    }
    const unit = OKEI[r.unit_measure ?? 'кг'] ?? OKEI.кг;
    const figures = paperLine({
      amount: r.amount,
      price: r.unit_selling_price!,
      vat_rate: lineVatRate(seller.vat_regime, r.vat_rate),
    });
    return {
      reserve_id: r.id,
      n: i + 1,
      name: r.lot,
      okei: unit.code,
      unitName: unit.name,
      quantity: r.amount,
      price: priceWithoutVat(figures.total_without_vat, r.amount),
      sumWithoutVat: figures.total_without_vat,
      vatRate: figures.vat_rate,
      vatSum: figures.vat_sum,
      sumWithVat: figures.total,
      origin,
    };
  });
  const totals = paperTotals(
    lines.map((l) => ({ total: l.sumWithVat, vat_sum: l.vatSum, total_without_vat: l.sumWithoutVat })),
  );
  return {
    buyer_id: reserves[0].buyer_id!,
    shipment_date: reserves[0].shipment_date!,
    seller: sellerSide,
    buyer: buyerSide,
    signer,
    lines,
    totals: { sumWithoutVat: totals.total_without_vat, vatSum: totals.vat_sum, sumWithVat: totals.total },
  };
}

/** 'YYYY-MM-DD' as the format and the papers write a day: 'DD.MM.YYYY'. */
export const dayText = (day: string) => day.slice(0, 10).split('-').reverse().join('.');
