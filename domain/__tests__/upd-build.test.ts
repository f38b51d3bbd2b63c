// The УПД's content from completed reserves (domain/upd/build.ts): the figures worked by hand to the kopeck, and each
// refusal naming what to fix.
import {
  personOf,
  priceWithoutVat,
  updContent,
  UpdRefused,
  type UpdBuyerFacts,
  type UpdReserveFacts,
  type UpdSellerFacts,
} from '../upd/build';

const seller: UpdSellerFacts = {
  full_name: 'ООО «Орехи Востока»',
  inn: '7707083893',
  kpp: '773601001',
  address: 'г. Москва, ул. Щипок, д. 11',
  director: 'Орлов Андрей Викторович',
  bank_name: 'ПАО Сбербанк',
  bik: '044525225',
  account: '40702810938000012345',
  corr_account: '30101810400000000225',
  vat_regime: 'general',
};
const buyer: UpdBuyerFacts = {
  name: 'ООО «Орех»',
  inn: '7728168971',
  kpp: '772801001',
  legal_address: 'г. Казань, ул. Баумана, д. 5',
};
const reserve = (patch: Partial<UpdReserveFacts> = {}): UpdReserveFacts => ({
  id: 11,
  status: 'completed',
  buyer_id: 3,
  buyer_name: 'ООО «Орех»',
  shipment_date: '2026-12-04',
  amount: '20',
  unit_selling_price: '400.00',
  unit_measure: 'кг',
  offer_id: 101,
  lot: 'Миндаль, Нонпарель, мешок',
  vat_rate: '10',
  origin_country: 'Россия',
  customs_declaration: null,
  ...patch,
});
const imported = reserve({
  id: 12,
  amount: '12.5',
  unit_selling_price: '415.50',
  vat_rate: '22',
  offer_id: 102,
  lot: 'Кешью, W320, коробка',
  origin_country: 'Вьетнам',
  customs_declaration: '10702070/051226/3001234',
});

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof UpdRefused) return error.message;
    throw error;
  }
  throw new Error('not refused');
};

describe('the УПД from completed reserves', () => {
  it('works the lines and totals half up to the kopeck, with 10 % and 22 %', () => {
    const content = updContent([reserve(), imported], buyer, seller, new Map());
    // 20 kg × 400.00 = 8 000.00; VAT 8 000 × 10 / 110 = 727.27…; without 7 272.73; per kg 363.6365 → 363.64
    // 12.5 kg × 415.50 = 5 193.75; VAT 5 193.75 × 22 / 122 = 936.577… → 936.58; without 4 257.17; per kg 340.5736 → 340.57
    expect(
      content.lines.map((l) => [l.n, l.okei, l.quantity, l.price, l.sumWithoutVat, l.vatRate, l.vatSum, l.sumWithVat]),
    ).toEqual([
      [1, '166', '20', '363.64', '7272.73', '10', '727.27', '8000.00'],
      [2, '166', '12.5', '340.57', '4257.17', '22', '936.58', '5193.75'],
    ]);
    expect(content.totals).toEqual({ sumWithoutVat: '11529.90', vatSum: '1663.85', sumWithVat: '13193.75' });
    expect(content.lines[0].origin).toBeNull();
    expect(content.lines[1].origin).toEqual({ code: '704', short: 'ВЬЕТНАМ', declaration: '10702070/051226/3001234' });
    expect(content.signer).toEqual({
      surname: 'Орлов',
      name: 'Андрей',
      patronymic: 'Викторович',
      position: 'Руководитель организации',
    });
    expect(content.shipment_date).toBe('2026-12-04');
  });

  it('the simplified regime sells without VAT', () => {
    const content = updContent([reserve()], buyer, { ...seller, vat_regime: 'simplified' }, new Map());
    expect(content.lines[0]).toMatchObject({
      vatRate: 'none',
      vatSum: '0.00',
      sumWithoutVat: '8000.00',
      price: '400.00',
    });
  });

  it('refuses what the format or the rules do not allow, naming it', () => {
    expect(refusal(() => updContent([], buyer, seller, new Map()))).toBe('Выберите завершённые резервы для УПД');
    expect(refusal(() => updContent([reserve({ status: 'active' }), imported], buyer, seller, new Map()))).toBe(
      'УПД составляется по завершённым резервам; не завершены: №11',
    );
    expect(
      refusal(() =>
        updContent([reserve(), { ...imported, buyer_id: 4, buyer_name: 'ИП Смирнов' }], buyer, seller, new Map()),
      ),
    ).toBe('Резервы разных покупателей: ООО «Орех», ИП Смирнов. Один УПД — один покупатель');
    expect(
      refusal(() => updContent([reserve(), { ...imported, shipment_date: '2026-12-05' }], buyer, seller, new Map())),
    ).toBe('Резервы с разными датами отгрузки: 04.12.2026, 05.12.2026. Один УПД — одна дата отгрузки');
    expect(refusal(() => updContent([reserve({ unit_selling_price: '0.00' })], buyer, seller, new Map()))).toBe(
      'Цена продажи равна нулю: №11. Формат УПД не принимает нулевую цену',
    );
    expect(refusal(() => updContent([{ ...imported, customs_declaration: ' ' }], buyer, seller, new Map()))).toBe(
      'Импортный лот без номера декларации на товары: лот №102, Кешью, W320, коробка, Вьетнам. Укажите номер ДТ в карточке предложения',
    );
    expect(
      refusal(() => updContent([{ ...imported, origin_country: 'Вьетнам (Хошимин)' }], buyer, seller, new Map())),
    ).toBe(
      'Страна происхождения «Вьетнам (Хошимин)» (лот №102, Кешью, W320, коробка) не сопоставлена с кодом ОКСМ: сопоставьте её в настройках, блок «Страны происхождения»',
    );
    expect(refusal(() => updContent([reserve()], buyer, { ...seller, kpp: null, director: '' }, new Map()))).toBe(
      'Заполните реквизиты компании в настройках: КПП, руководитель',
    );
    expect(refusal(() => updContent([reserve()], { ...buyer, legal_address: null }, seller, new Map()))).toBe(
      'Заполните в карточке покупателя «ООО «Орех»»: юридический адрес',
    );
    expect(
      refusal(() =>
        updContent([reserve()], { ...buyer, name: 'Смирнов', inn: '500100732259', kpp: null }, seller, new Map()),
      ),
    ).toBe(
      'Покупатель «Смирнов» с ИНН из 12 цифр — предприниматель: укажите в названии фамилию, имя и отчество (ИП Иванов Иван Иванович)',
    );
  });

  it("an administrator's mapping names a country the classifier does not", () => {
    const content = updContent(
      [{ ...imported, origin_country: 'Вьетнам (Хошимин)' }],
      buyer,
      seller,
      new Map([['вьетнам хошимин', '704']]),
    );
    expect(content.lines[0].origin?.code).toBe('704');
  });

  it('an individual entrepreneur without КПП is a person', () => {
    const content = updContent(
      [reserve()],
      { name: 'ИП Петров Пётр Петрович', inn: '500100732259', kpp: null, legal_address: 'г. Тверь' },
      seller,
      new Map(),
    );
    expect(content.buyer).toMatchObject({
      inn: '500100732259',
      kpp: null,
      person: { surname: 'Петров', name: 'Пётр', patronymic: 'Петрович' },
    });
    expect(personOf('Индивидуальный предприниматель Ли Вэй')).toEqual({ surname: 'Ли', name: 'Вэй', patronymic: null });
    expect(priceWithoutVat('100.00', '3')).toBe('33.33');
  });
});
