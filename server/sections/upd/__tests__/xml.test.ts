// The УПД's XML against the tax service's schema (xsd.ts): a domestic line and an imported one, both VAT rates,
// an organisation and an individual entrepreneur as buyer, the simplified regime; and the schema check itself is
// shown to refuse what the format does not allow.
import { decodeCp1251, encodeCp1251 } from '../../../../domain/upd/cp1251';
import type { UpdDocument } from '../../../../domain/upd/document';
import { updFileId, updXml } from '../../../../domain/upd/xml';
import { updSchemaErrors } from './xsd';

const seller = {
  name: 'ООО «Орехи Востока»',
  inn: '7707083893',
  kpp: '773601001',
  address: '115093, г. Москва, ул. Щипок, д. 11, стр. 1',
  bank: {
    account: '40702810938000012345',
    bankName: 'ПАО Сбербанк',
    bik: '044525225',
    corrAccount: '30101810400000000225',
  },
};
const company = {
  name: 'ООО "Ромашка" & К°',
  inn: '7728168971',
  kpp: '772801001',
  address: 'г. Казань, ул. Баумана, д. 5',
};
const entrepreneur = {
  name: 'ИП Петров Пётр Петрович',
  inn: '500100732259',
  kpp: null,
  address: 'г. Тверь, пр-т Ленина, д. 1',
  person: { surname: 'Петров', name: 'Пётр', patronymic: 'Петрович' },
};

// worked by hand: 120.5 kg × 450.00 with 10 % = 54 225.00, VAT 54 225 × 10 / 110 = 4 929.545… → 4 929.55;
// 80 kg × 1 230.50 with 22 % = 98 440.00, VAT 98 440 × 22 / 122 = 17 751.147… → 17 751.15
function document(buyer: UpdDocument['buyer']): UpdDocument {
  const guid = '2b0a3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d';
  return {
    fileId: updFileId(buyer, seller, '05.12.2026', guid),
    number: '17',
    date: '05.12.2026',
    formedDate: '05.12.2026',
    formedTime: '14.05.09',
    shipmentDate: '04.12.2026',
    seller,
    buyer,
    lines: [
      {
        n: 1,
        name: 'Миндаль, Нонпарель, мешок 22,68 кг',
        okei: '166',
        unitName: 'кг',
        quantity: '120.5',
        price: '409.09',
        sumWithoutVat: '49295.45',
        vatRate: '10',
        vatSum: '4929.55',
        sumWithVat: '54225.00',
      },
      {
        n: 2,
        name: 'Кешью W320, коробка 22,68 кг',
        okei: '166',
        unitName: 'кг',
        quantity: '80',
        price: '1008.61',
        sumWithoutVat: '80688.85',
        vatRate: '22',
        vatSum: '17751.15',
        sumWithVat: '98440.00',
        origin: { code: '704', short: 'ВЬЕТНАМ', declaration: '10702070/051226/3001234' },
      },
    ],
    totals: { sumWithoutVat: '129984.30', vatSum: '22680.70', sumWithVat: '152665.00' },
    signer: { position: 'Генеральный директор', surname: 'Орлов', name: 'Андрей', patronymic: 'Викторович' },
    program: 'NutDesk 0.1',
  };
}

function bytesOf(doc: UpdDocument): Uint8Array {
  return encodeCp1251(updXml(doc));
}

describe('УПД, format 5.03', () => {
  it('an organisation buying a domestic line at 10 % and an imported one at 22 % passes the schema', () => {
    const doc = document(company);
    expect(updSchemaErrors(bytesOf(doc), doc.fileId)).toEqual([]);
    const text = decodeCp1251(bytesOf(doc));
    expect(doc.fileId).toBe(
      'ON_NSCHFDOPPR_7728168971772801001_7707083893773601001_20261205_2b0a3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d',
    );
    expect(text).toContain('<?xml version="1.0" encoding="windows-1251"?>');
    expect(text).toContain('ВерсФорм="5.03"');
    expect(text).toContain('КНД="1115131" Функция="СЧФДОП"');
    expect(text).toContain('<СвЮЛУч НаимОрг="ООО &quot;Ромашка&quot; &amp; К°" ИННЮЛ="7728168971" КПП="772801001"/>');
    expect(text).toContain('НалСт="10%"');
    expect(text).toContain(
      '<СвДТ КодПроисх="704" НомерДТ="10702070/051226/3001234"/><ДопСведТов><КрНаимСтрПр>ВЬЕТНАМ</КрНаимСтрПр></ДопСведТов>',
    );
    expect(text).toContain('НалСт="22%" СтТовУчНал="98440.00"');
    expect(text).toContain(
      '<ВсегоОпл СтТовБезНДСВсего="129984.30" СтТовУчНалВсего="152665.00"><СумНалВсего><СумНал>22680.70</СумНал></СумНалВсего></ВсегоОпл>',
    );
  });

  it('an individual entrepreneur (ИНН of 12 digits, no КПП) is named by person and passes the schema', () => {
    const doc = document(entrepreneur);
    expect(updSchemaErrors(bytesOf(doc), doc.fileId)).toEqual([]);
    const text = decodeCp1251(bytesOf(doc));
    expect(text).toContain('<СвИП ИННФЛ="500100732259"><ФИО Фамилия="Петров" Имя="Пётр" Отчество="Петрович"/></СвИП>');
    expect(doc.fileId.startsWith('ON_NSCHFDOPPR_500100732259_7707083893773601001_20261205_')).toBe(true);
  });

  it('without VAT every line and the total say so, and the schema holds', () => {
    const doc = document(company);
    doc.lines = doc.lines.map((l) => ({
      ...l,
      vatRate: 'none',
      vatSum: '0.00',
      sumWithoutVat: l.sumWithVat,
      price: l.n === 1 ? '450.00' : '1230.50',
    }));
    doc.totals = { sumWithoutVat: '152665.00', vatSum: '0.00', sumWithVat: '152665.00' };
    expect(updSchemaErrors(bytesOf(doc), doc.fileId)).toEqual([]);
    expect(decodeCp1251(bytesOf(doc))).toContain(
      'НалСт="без НДС" СтТовУчНал="54225.00"><Акциз><БезАкциз>без акциза</БезАкциз></Акциз><СумНал><БезНДС>без НДС</БезНДС></СумНал>',
    );
  });

  it('the schema check refuses what the format forbids: the old 20 % with a space, a КПП of 8 digits', () => {
    const doc = document(company);
    const bad = updXml(doc).replace('НалСт="22%"', 'НалСт="20 %"').replace('КПП="772801001"', 'КПП="77280100"');
    const errors = updSchemaErrors(encodeCp1251(bad), doc.fileId);
    expect(errors.some((e) => e.includes('НалСт'))).toBe(true);
    expect(errors.some((e) => e.includes('КПП'))).toBe(true);
  });

  it('the file is windows-1251: one byte a Cyrillic letter, and a sign the code page lacks becomes a reference', () => {
    expect(Array.from(encodeCp1251('Ёж №1 «а»'))).toEqual([0xa8, 0xe6, 0x20, 0xb9, 0x31, 0x20, 0xab, 0xe0, 0xbb]);
    expect(decodeCp1251(encodeCp1251('Ёж №1 «а»'))).toBe('Ёж №1 «а»');
    expect(decodeCp1251(encodeCp1251('Ø'))).toBe('&#216;');
  });
});
