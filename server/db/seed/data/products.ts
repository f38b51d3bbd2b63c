// Nuts and dried fruit the trader deals in, with their commercial varieties, where they come from and the
// wholesale price band per kg in rubles (2024–2025 Russian market, in shell or kernel as usually traded).

export interface ProductSeed {
  name: string;
  status: 'active' | 'deactivated' | 'deleted';
  varieties: readonly string[];
  origins: readonly string[];
  /** Wholesale price per kg, ₽. */
  priceKg: readonly [number, number];
  /** Usual packing names (see packing.ts). */
  packing: readonly string[];
}

const NUT_PACKING = ['Мешок 25 кг', 'Мешок 50 кг', 'Коробка 10 кг', 'Коробка 12,5 кг', 'Коробка 22,68 кг', 'Вакуумный пакет 1 кг', 'Биг-бэг 500 кг'];
const KERNEL_PACKING = ['Коробка 10 кг', 'Коробка 12,5 кг', 'Коробка 22,68 кг', 'Вакуумный пакет 1 кг', 'Вакуумный пакет 5 кг'];
const FRUIT_PACKING = ['Коробка 5 кг', 'Коробка 10 кг', 'Коробка 12,5 кг', 'Мешок 25 кг', 'Вакуумный пакет 1 кг'];

export const PRODUCTS: readonly ProductSeed[] = [
  { name: 'Грецкий орех', status: 'active', varieties: ['Чандлер', 'Серр', 'Хартли', 'Идеал'], origins: ['Чили', 'США', 'Узбекистан', 'Киргизия', 'Молдова'], priceKg: [520, 760], packing: KERNEL_PACKING },
  { name: 'Миндаль', status: 'active', varieties: ['Нонпарель', 'Кармел', 'Монтерей', 'Падре'], origins: ['США', 'Испания', 'Австралия', 'Узбекистан', 'Иран'], priceKg: [640, 880], packing: NUT_PACKING },
  { name: 'Кешью', status: 'active', varieties: ['W180', 'W240', 'W320', 'W450', 'Половинки'], origins: ['Вьетнам', 'Индия', "Кот-д'Ивуар"], priceKg: [880, 1200], packing: KERNEL_PACKING },
  { name: 'Фундук', status: 'active', varieties: ['Тонда Джентиле', 'Трабзон', 'Гирасуль', 'Ата-Баба'], origins: ['Турция', 'Азербайджан', 'Грузия'], priceKg: [690, 960], packing: NUT_PACKING },
  { name: 'Фисташки', status: 'active', varieties: ['Ахмад Агаи', 'Калеха', 'Фанди', 'Керман'], origins: ['Иран', 'США', 'Турция'], priceKg: [1150, 1650], packing: NUT_PACKING },
  { name: 'Арахис', status: 'active', varieties: ['Раннер', 'Вирджиния', 'Валенсия'], origins: ['Аргентина', 'Китай', 'Узбекистан', 'Бразилия'], priceKg: [175, 290], packing: ['Мешок 25 кг', 'Мешок 50 кг', 'Биг-бэг 500 кг', 'Биг-бэг 1000 кг'] },
  { name: 'Кедровый орех', status: 'active', varieties: ['Сибирский', 'Корейский'], origins: ['Россия', 'Монголия', 'Китай'], priceKg: [1400, 2050], packing: KERNEL_PACKING },
  { name: 'Пекан', status: 'active', varieties: ['Вичита', 'Пауни', 'Вестерн'], origins: ['США', 'Мексика', 'ЮАР'], priceKg: [1300, 1850], packing: KERNEL_PACKING },
  { name: 'Макадамия', status: 'active', varieties: ['Бомон', 'Ядро Style 1', 'Ядро Style 4'], origins: ['ЮАР', 'Австралия', 'Кения'], priceKg: [1500, 2250], packing: KERNEL_PACKING },
  { name: 'Бразильский орех', status: 'deactivated', varieties: ['Медиум', 'Лардж'], origins: ['Боливия', 'Перу'], priceKg: [1400, 1900], packing: KERNEL_PACKING },
  { name: 'Курага', status: 'active', varieties: ['Шалах', 'Исфарак', 'Джамбо', 'Субхони'], origins: ['Узбекистан', 'Таджикистан', 'Турция'], priceKg: [340, 610], packing: FRUIT_PACKING },
  { name: 'Изюм', status: 'active', varieties: ['Джамбо', 'Шахзода', 'Сояки', 'Голден', 'Малаяр'], origins: ['Узбекистан', 'Иран', 'Турция', 'Чили'], priceKg: [195, 330], packing: FRUIT_PACKING },
  { name: 'Чернослив', status: 'active', varieties: ['Венгерка', 'Ангелено', "Д'Ажен"], origins: ['Чили', 'Узбекистан', 'Молдова', 'США'], priceKg: [290, 460], packing: FRUIT_PACKING },
  { name: 'Финики', status: 'active', varieties: ['Меджул', 'Деглет Нур', 'Сафави', 'Мазафати'], origins: ['Иран', 'Тунис', 'ОАЭ', 'Саудовская Аравия'], priceKg: [240, 720], packing: FRUIT_PACKING },
  { name: 'Инжир', status: 'active', varieties: ['Смирна', 'Калимирна', 'Протопапас'], origins: ['Турция', 'Иран', 'Узбекистан'], priceKg: [460, 780], packing: FRUIT_PACKING },
  { name: 'Цукаты', status: 'active', varieties: ['Папайя', 'Ананас', 'Имбирь', 'Ассорти'], origins: ['Таиланд', 'Китай', 'Вьетнам'], priceKg: [240, 420], packing: FRUIT_PACKING },
  { name: 'Сушёная вишня', status: 'active', varieties: ['Монморанси', 'Шпанка'], origins: ['Турция', 'Армения', 'Узбекистан'], priceKg: [880, 1300], packing: FRUIT_PACKING },
  { name: 'Клюква вяленая', status: 'active', varieties: ['Стивенс', 'Бен Лир'], origins: ['США', 'Канада', 'Чили'], priceKg: [540, 820], packing: FRUIT_PACKING },
  { name: 'Манго сушёное', status: 'active', varieties: ['Натуральное', 'Кэт Чу'], origins: ['Вьетнам', 'Таиланд'], priceKg: [640, 920], packing: FRUIT_PACKING },
  { name: 'Сушёная дыня', status: 'deactivated', varieties: ['Торпеда', 'Колхозница'], origins: ['Узбекистан', 'Таджикистан'], priceKg: [380, 560], packing: FRUIT_PACKING },
  { name: 'Семечки тыквенные', status: 'deleted', varieties: ['Гоу Гоу', 'Шайн Скин'], origins: ['Китай'], priceKg: [420, 560], packing: ['Мешок 25 кг'] },
];

/** Packing types with the net weight of one pack, kg. */
export const PACKING: readonly { name: string; kg: number }[] = [
  { name: 'Мешок 25 кг', kg: 25 },
  { name: 'Мешок 50 кг', kg: 50 },
  { name: 'Коробка 5 кг', kg: 5 },
  { name: 'Коробка 10 кг', kg: 10 },
  { name: 'Коробка 12,5 кг', kg: 12.5 },
  { name: 'Коробка 22,68 кг', kg: 22.68 },
  { name: 'Вакуумный пакет 1 кг', kg: 1 },
  { name: 'Вакуумный пакет 5 кг', kg: 5 },
  { name: 'Биг-бэг 500 кг', kg: 500 },
  { name: 'Биг-бэг 1000 кг', kg: 1000 },
];

export const POSITIONS = [
  'Менеджер по продажам',
  'Старший менеджер',
  'Руководитель отдела продаж',
  'Менеджер по закупкам',
  'Кладовщик',
  'Старший кладовщик',
  'Логист',
  'Бухгалтер',
  'Коммерческий директор',
  'Специалист по качеству',
] as const;
