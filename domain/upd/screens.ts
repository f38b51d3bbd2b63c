// The УПД's screens: the list ('УПД', filters by buyer, date and status, 'Скачать для ЭДО' per document and for the
// filtered list), the card (its lines, 'Отменить', 'Сформировать заново', its history) and the administrator's block of lot
// countries mapped to ОКСМ codes.
export const UPD_LIST_TEXTS = {
  title: 'УПД',
  edo: 'Скачать для ЭДО',
  edoHint: 'XML формата 5.03 для 1С и оператора ЭДО; для списка — ZIP действующих УПД',
  empty: 'УПД не найдены',
  columns: [
    ['number', '№'],
    ['date', 'Дата'],
    ['buyer_name', 'Покупатель'],
    ['sum_with_vat', 'Сумма с НДС'],
    ['vat_sum', 'НДС'],
    ['status', 'Статус'],
  ],
  zipName: 'УПД для ЭДО.zip',
} as const;

export const UPD_CARD_TEXTS = {
  title: (number: number | string, date: string) => `УПД № ${number} от ${date}`,
  back: 'К списку УПД',
  buyer: 'Покупатель',
  shipmentDate: 'Дата отгрузки',
  fileId: 'Идентификатор файла',
  made: (who: string, at: string) => `Сформирован: ${who}, ${at}`,
  cancelledBy: (who: string, at: string) => `Отменён: ${who}, ${at}`,
  print: 'Печатная форма',
  cancel: 'Отменить',
  cancelTitle: 'Отменить УПД?',
  cancelText: 'Номер и строки УПД сохранятся, резервы освободятся для нового документа.',
  confirmCancel: 'Отменить УПД',
  keep: 'Не отменять',
  again: 'Сформировать заново',
  lines: 'Строки',
  lineColumns: [
    ['n', '№'],
    ['name', 'Товар'],
    ['unit_name', 'Ед.'],
    ['quantity', 'Количество'],
    ['price', 'Цена без НДС'],
    ['sum_without_vat', 'Стоимость без НДС'],
    ['vat_rate', 'Ставка НДС'],
    ['vat_sum', 'НДС'],
    ['sum_with_vat', 'Стоимость с НДС'],
    ['origin', 'Страна, ДТ'],
  ],
  total: 'Всего к оплате',
  reserve: (id: number) => `Резерв № ${id}`,
  history: 'История',
  created: 'Сформирован',
  cancelled: 'Отменён',
  noHistory: 'Записей нет',
} as const;

export const COUNTRIES_TEXTS = {
  title: 'Страны происхождения',
  intro:
    'Страна лота, написанная свободным текстом, которую не удалось сопоставить с классификатором ОКСМ. Сопоставьте её один раз — УПД возьмёт код отсюда.',
  unmapped: 'Не сопоставлены',
  none: 'Все страны лотов сопоставлены с ОКСМ',
  text: 'Как написано в лоте',
  offers: 'Лотов',
  code: 'Страна по ОКСМ',
  save: 'Сопоставить',
  mapped: 'Сопоставлены',
  saved: (text: string, name: string) => `«${text}» сопоставлена: ${name}`,
} as const;
