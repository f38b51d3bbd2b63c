// Reading a supplier's own price list (issue 41): real-looking header and data rows read into offer values.
import {
  carriedColumns,
  findHeaderRow,
  guessColumns,
  guessTarget,
  layoutFits,
  mappingProblem,
  readRow,
  type PriceListDefaults,
} from '../suppliers/priceList';
import { nameKey, packingName, parseDecimal, parsePacking } from '../suppliers/supplierWriting';
import { changePercent, countsText } from '../suppliers/priceListPreview';

const none: PriceListDefaults = {
  city_id: null,
  loading_address: null,
  unit_measure: null,
  harvest_year: null,
  origin_country: null,
};

describe('numbers as suppliers write them', () => {
  it.each([
    ['1 200,50', '1200.50'],
    ['1\u00a0200,50', '1200.50'],
    ['1.200,50', '1200.50'],
    ['1,200.50', '1200.50'],
    ['22,68', '22.68'],
    ['850 руб.', '850'],
    ['935 ₽', '935'],
    ['2,5 т', '2.5'],
    ['19278.000000000004', '19278'],
    ['12', '12'],
  ])('%s → %s', (text, value) => expect(parseDecimal(text)).toBe(value));
  it.each(['', 'по запросу', '12-15', 'нет'])('%s is no number', (text) => expect(parseDecimal(text)).toBeNull());
});

describe('packing text', () => {
  it.each([
    ['мешок 22,68 кг', 'мешок', '22.68'],
    ['короб 10кг', 'коробка', '10'],
    ['Коробка 12,5 кг', 'коробка', '12.5'],
    ['Вак. пакет 1 кг', 'вакуумный пакет', '1'],
    ['пакет 500 г', 'вакуумный пакет', '0.5'],
    ['Биг-бэг 500 кг', 'биг-бэг', '500'],
    ['мешок (25 кг)', 'мешок', '25'],
  ])('%s → %s of %s kg', (text, type, weight) => expect(parsePacking(text)).toEqual({ type, weight }));
  it('a packing without its weight is not read', () => expect(parsePacking('мешок')).toBeNull());
  it.each([
    ['мешок 22,68 кг', 'Мешок 22,68 кг'],
    ['короб 500 г', 'Коробка 0,5 кг'],
    ['вак. пакет 1кг', 'Вакуумный пакет 1 кг'],
    ['туба 0,75 кг', 'Туба 0,75 кг'],
    ['биг-бэг 1 000 кг', 'Биг-бэг 1000 кг'],
  ])('%s is offered as our packing %s', (text, name) => expect(packingName(parsePacking(text)!)).toBe(name));
  it('a weight with no kind names no packing to add', () => expect(packingName(parsePacking('22,68 кг')!)).toBeNull());
});

describe('the header', () => {
  it('guesses what a supplier calls its columns', () => {
    expect(
      [
        'Наименование',
        'Цена, руб/кг',
        'Фасовка',
        'Остаток, т',
        'Цена за тонну',
        'Кол-во, кг',
        'Страна',
        'Урожай',
        'Цена за мешок',
        '№ п/п',
      ].map(guessTarget),
    ).toEqual([
      'product',
      'price_per_kg',
      'packing',
      'amount_t',
      'price_per_ton',
      'amount_kg',
      'origin_country',
      'harvest_year',
      'unit_price',
      null,
    ]);
  });

  it('is found under a title block and blank rows', () => {
    const rows = [
      { cells: ['ООО «Орехторг»: прайс-лист на 27.11.2026', '', ''] },
      { cells: ['Цены с НДС, самовывоз со склада', '', ''] },
      { cells: ['№', 'Наименование', 'Фасовка', 'Цена, руб/кг', 'Остаток, т'] },
      { cells: ['1', 'Кешью W-320 Вьетнам', 'мешок 22,68 кг', '850', '2,268'] },
    ];
    expect(findHeaderRow(rows)).toBe(2);
    expect(findHeaderRow([{ cells: ['Прайс'] }, { cells: ['Миндаль', '700'] }])).toBe(-1);
  });

  it('maps each column once and says what a mapping lacks', () => {
    const columns = guessColumns(['№', 'Наименование', 'Фасовка', 'Цена, руб/кг', 'Остаток, т', 'Цена, руб/т']);
    expect(columns).toEqual({ 2: 'product', 3: 'packing', 4: 'price_per_kg', 5: 'amount_t' });
    expect(mappingProblem(columns)).toBeNull();
    expect(mappingProblem({ 1: 'product', 2: 'price_per_kg', 3: 'unit_price', 4: 'amount_t' })).toBe(
      'Выберите одно: «Цена за единицу, ₽» или «Цена за кг, ₽»',
    );
    expect(mappingProblem({ 1: 'product' })).toBe('Укажите столбцы: «Цена», «Количество»');
  });

  it('a changed layout keeps the old choices where the titles are still there', () => {
    const profile = {
      columns: { 2: 'product', 3: 'packing', 4: 'price_per_kg', 5: 'amount_t' } as const,
      titles: { 2: 'Наименование', 3: 'Фасовка', 4: 'Цена, руб/кг', 5: 'Остаток, т' },
    };
    expect(layoutFits(profile, ['№', 'Наименование', 'Фасовка', 'Цена, руб/кг', 'Остаток, т'])).toBe(true);
    const moved = ['Наименование', 'Страна', 'Фасовка', 'Остаток, т', 'Цена, руб/кг'];
    expect(layoutFits(profile, moved)).toBe(false);
    expect(carriedColumns(profile, moved)).toEqual({
      1: 'product',
      2: 'origin_country',
      3: 'packing',
      4: 'amount_t',
      5: 'price_per_kg',
    });
  });
});

describe('a row', () => {
  const columns = { 2: 'product', 3: 'packing', 4: 'price_per_kg', 5: 'amount_t' } as const;
  it('price per kg × the bag, tonnes to whole bags', () => {
    // 850 ₽/kg × 22.68 kg = 19 278.00 ₽ a bag; 2.268 t = 2 268 kg = 100 bags of 22.68
    const row = readRow(4, ['1', 'Кешью W-320 Вьетнам', 'мешок 22,68 кг', '850', '2,268'], columns, none);
    expect(row).toMatchObject({
      name: 'Кешью W-320 Вьетнам',
      unit_measure: 'шт',
      unit_weight: '22.68',
      unit_price: '19278.00',
      unit_amount: '100',
      problems: [],
    });
    // 2.5 t of 22.68 kg bags = 110.229… bags: 110 whole bags offered
    expect(readRow(5, ['2', 'Кешью', 'мешок 22,68 кг', '850,5', '2,5'], columns, none)).toMatchObject({
      unit_price: '19289.34',
      unit_amount: '110',
    });
  });
  it('price per ton in kg', () => {
    const row = readRow(
      6,
      ['Миндаль', '1 200 500,50', '3 500', 'кг'],
      { 1: 'product', 2: 'price_per_ton', 3: 'amount_kg', 4: 'unit_measure' },
      none,
    );
    // 1 200 500.50 ₽/t = 1 200.5005 ₽/kg → 1 200.50 ₽ a kg (half-up)
    expect(row).toMatchObject({ unit_measure: 'кг', unit_weight: '1', unit_price: '1200.50', unit_amount: '3500' });
  });
  it('defaults fill what the file lacks; what cannot be read is said in Russian', () => {
    const row = readRow(7, ['3', 'Фундук', 'мешок', 'по запросу', '1'], columns, { ...none, harvest_year: '2025' });
    expect(row.harvest_year).toBe('2025');
    expect(row.problems.map((p) => p.message)).toEqual([
      'Не удалось прочитать фасовку «мешок»: нужны упаковка и вес, например «мешок 25 кг»',
      '«по запросу» — не число',
    ]);
  });
});

describe('names, changes, counts', () => {
  it('compares names by their letters and digits', () =>
    expect(nameKey('Кешью W-320  Вьетнам')).toBe(nameKey('кешью w320 вьетнам')));
  it('price change in percent, half-up to 0.1', () => {
    expect(changePercent('850.00', '935.00')).toBe('10.0');
    expect(changePercent('19278.00', '18000.00')).toBe('-6.6');
    expect(changePercent(null, '1.00')).toBeNull();
  });
  it('counts as the card lists them', () =>
    expect(countsText({ new: 5, changed: 12, gone: 3 })).toBe('+5 новых, 12 изменены, 3 сняты'));
});
