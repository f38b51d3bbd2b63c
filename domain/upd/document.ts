// What one УПД (status 1, function СЧФДОП) says, worked out and ready to be written: the XML of format 5.03 and
// the print form are two drawings of this one object, so they cannot disagree.
export type UpdVatRate = '22' | '10' | '0' | 'none';

export interface UpdPerson {
  surname: string;
  name: string;
  patronymic?: string | null;
}

export interface UpdParty {
  /** Full name of an organisation; for an individual entrepreneur the name as the buyer card holds it. */
  name: string;
  /** 10 digits: an organisation; 12 digits: an individual entrepreneur (person is then required). */
  inn: string;
  kpp?: string | null;
  address: string;
  /** An individual entrepreneur's full name, split as the format asks. */
  person?: UpdPerson | null;
  bank?: { account: string; bankName: string; bik: string; corrAccount?: string | null } | null;
}

export interface UpdLine {
  /** Line number, from 1. */
  n: number;
  name: string;
  /** ОКЕИ code of the unit: 166 kg, 796 pcs. */
  okei: string;
  unitName: string;
  /** Decimal strings, as the database keeps them. */
  quantity: string;
  /** Price per unit without VAT. */
  price: string;
  sumWithoutVat: string;
  vatRate: UpdVatRate;
  vatSum: string;
  sumWithVat: string;
  /** Imported goods: country of origin (ОКСМ) and the customs declaration's number. */
  origin?: { code: string; short: string; declaration: string } | null;
}

export interface UpdDocument {
  /** ИдФайл: the file's name without '.xml'. */
  fileId: string;
  number: string;
  /** dd.MM.yyyy, the business day the document was made on. */
  date: string;
  /** dd.MM.yyyy and HH.mm.ss (the format's own separators) of forming the file, in the business zone. */
  formedDate: string;
  formedTime: string;
  /** dd.MM.yyyy the goods left. */
  shipmentDate: string;
  seller: UpdParty;
  buyer: UpdParty;
  lines: UpdLine[];
  totals: { sumWithoutVat: string; vatSum: string; sumWithVat: string };
  /** Who signs for the seller: the director from the company settings. */
  signer: UpdPerson & { position: string };
  program: string;
}

/** The format's name for a VAT rate (НалСт). */
export function vatRateText(rate: UpdVatRate): string {
  return rate === 'none' ? 'без НДС' : `${rate}%`;
}
