// The seller's file of the УПД in the tax service's format 5.03 (order ЕД-7-26/970@, КНД 1115131, schema
// ON_NSCHFDOPPR_1_997_01_05_03_05.xsd): element and attribute names and their order are the schema's. The text is
// written for windows-1251 (encodeCp1251 in cp1251.ts turns it into the file's bytes).
import { vatRateText, type UpdDocument, type UpdLine, type UpdParty, type UpdPerson } from './document';

const FUNCTION_NAME =
  'Документ об отгрузке товаров (выполнении работ), передаче имущественных прав (документ об оказании услуг)';
const DOCUMENT_NAME =
  'Счет-фактура и документ об отгрузке товаров (выполнении работ), передаче имущественных прав (документ об оказании услуг)';

function escape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\r\n\t]+/g, ' ');
}

type Attrs = Record<string, string | null | undefined>;

function tag(name: string, attrs: Attrs, children: string[] = []): string {
  const text = Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${escape(String(v))}"`)
    .join('');
  return children.length ? `<${name}${text}>${children.join('')}</${name}>` : `<${name}${text}/>`;
}

function fio(person: UpdPerson): string {
  return tag('ФИО', { Фамилия: person.surname, Имя: person.name, Отчество: person.patronymic });
}

function participant(element: string, party: UpdParty): string {
  const id =
    party.inn.length === 12
      ? tag('СвИП', { ИННФЛ: party.inn }, [fio(party.person!)])
      : tag('СвЮЛУч', { НаимОрг: party.name, ИННЮЛ: party.inn, КПП: party.kpp });
  const children = [
    tag('ИдСв', {}, [id]),
    tag('Адрес', {}, [tag('АдрИнф', { КодСтр: '643', НаимСтран: 'Россия', АдрТекст: party.address })]),
  ];
  if (party.bank) {
    children.push(
      tag('БанкРекв', { НомерСчета: party.bank.account }, [
        tag('СвБанк', { НаимБанк: party.bank.bankName, БИК: party.bank.bik, КорСчет: party.bank.corrAccount }),
      ]),
    );
  }
  return tag(element, {}, children);
}

function line(l: UpdLine): string {
  const children: string[] = [];
  if (l.origin) {
    children.push(tag('СвДТ', { КодПроисх: l.origin.code, НомерДТ: l.origin.declaration }));
    children.push(tag('ДопСведТов', {}, [`<КрНаимСтрПр>${escape(l.origin.short)}</КрНаимСтрПр>`]));
  }
  children.push(tag('Акциз', {}, ['<БезАкциз>без акциза</БезАкциз>']));
  children.push(
    tag('СумНал', {}, [l.vatRate === 'none' ? '<БезНДС>без НДС</БезНДС>' : `<СумНал>${l.vatSum}</СумНал>`]),
  );
  return tag(
    'СведТов',
    {
      НомСтр: String(l.n),
      НаимТов: l.name,
      ОКЕИ_Тов: l.okei,
      НаимЕдИзм: l.unitName,
      КолТов: l.quantity,
      ЦенаТов: l.price,
      СтТовБезНДС: l.sumWithoutVat,
      НалСт: vatRateText(l.vatRate),
      СтТовУчНал: l.sumWithVat,
    },
    children,
  );
}

export function updXml(doc: UpdDocument): string {
  const withoutVat = doc.lines.every((l) => l.vatRate === 'none');
  const invoice = tag('СвСчФакт', { НомерДок: doc.number, ДатаДок: doc.date }, [
    participant('СвПрод', doc.seller),
    tag('ГрузОт', {}, ['<ОнЖе>он же</ОнЖе>']),
    participant('ГрузПолуч', doc.buyer),
    participant('СвПокуп', doc.buyer),
    tag('ДенИзм', { КодОКВ: '643', НаимОКВ: 'Российский рубль' }),
  ]);
  const table = tag('ТаблСчФакт', {}, [
    ...doc.lines.map(line),
    tag('ВсегоОпл', { СтТовБезНДСВсего: doc.totals.sumWithoutVat, СтТовУчНалВсего: doc.totals.sumWithVat }, [
      tag('СумНалВсего', {}, [withoutVat ? '<БезНДС>без НДС</БезНДС>' : `<СумНал>${doc.totals.vatSum}</СумНал>`]),
    ]),
  ]);
  const transfer = tag('СвПродПер', {}, [
    tag('СвПер', { СодОпер: 'Товары переданы', ДатаПер: doc.shipmentDate }, ['<БезДокОснПер>1</БезДокОснПер>']),
  ]);
  const signer = tag('Подписант', { Должн: doc.signer.position, СпосПодтПолном: '1' }, [fio(doc.signer)]);
  const document = tag(
    'Документ',
    {
      КНД: '1115131',
      Функция: 'СЧФДОП',
      ПоФактХЖ: FUNCTION_NAME,
      НаимДокОпр: DOCUMENT_NAME,
      ДатаИнфПр: doc.formedDate,
      ВремИнфПр: doc.formedTime,
      НаимЭконСубСост: doc.seller.name,
    },
    [invoice, table, transfer, signer],
  );
  const file = tag('Файл', { ИдФайл: doc.fileId, ВерсФорм: '5.03', ВерсПрог: doc.program }, [document]);
  return `<?xml version="1.0" encoding="windows-1251"?>\n${file}\n`;
}

/** ИдФайл: ON_NSCHFDOPPR_<receiver>_<sender>_<yyyyMMdd>_<guid>; a participant without an ЭДО id is named by ИНН+КПП. */
export function updFileId(
  buyer: Pick<UpdParty, 'inn' | 'kpp'>,
  seller: Pick<UpdParty, 'inn' | 'kpp'>,
  day: string,
  guid: string,
): string {
  const id = (p: Pick<UpdParty, 'inn' | 'kpp'>) => `${p.inn}${p.kpp ?? ''}`;
  const [d, m, y] = day.split('.');
  return `ON_NSCHFDOPPR_${id(buyer)}_${id(seller)}_${y}${m}${d}_${guid}`;
}
