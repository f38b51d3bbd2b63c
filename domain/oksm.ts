// The countries a nut and dried-fruit trader buys from, by the All-Russian classifier of countries (ОКСМ, OK
// 025-2001): the numeric code, the classifier's short name (what the УПД's КрНаимСтрПр carries) and the ways a lot's
// free-text 'Страна происхождения' spells it. A text none of these matches is mapped once by an administrator.
export interface OksmCountry {
  code: string;
  /** ОКСМ short name, as the classifier writes it. */
  short: string;
  /** The name in a sentence: 'Вьетнам'. */
  name: string;
  /** Other spellings met in suppliers' papers (compared after normalizeCountry). */
  aliases?: string[];
}

export const OKSM: readonly OksmCountry[] = [
  { code: '643', short: 'РОССИЯ', name: 'Россия', aliases: ['рф', 'российская федерация', 'russia'] },
  { code: '704', short: 'ВЬЕТНАМ', name: 'Вьетнам', aliases: ['вьетнам', 'viet nam', 'vietnam', 'срв'] },
  { code: '364', short: 'ИРАН, ИСЛАМСКАЯ РЕСПУБЛИКА', name: 'Иран', aliases: ['iran', 'исламская республика иран'] },
  { code: '792', short: 'ТУРЦИЯ', name: 'Турция', aliases: ['turkey', 'turkiye', 'туркия', 'турецкая республика'] },
  {
    code: '840',
    short: 'СОЕДИНЕННЫЕ ШТАТЫ',
    name: 'США',
    aliases: ['соединенные штаты америки', 'usa', 'us', 'америка'],
  },
  { code: '860', short: 'УЗБЕКИСТАН', name: 'Узбекистан', aliases: ['uzbekistan', 'республика узбекистан'] },
  { code: '156', short: 'КИТАЙ', name: 'Китай', aliases: ['кнр', 'china', 'китайская народная республика'] },
  { code: '152', short: 'ЧИЛИ', name: 'Чили', aliases: ['chile'] },
  { code: '004', short: 'АФГАНИСТАН', name: 'Афганистан', aliases: ['afghanistan'] },
  { code: '012', short: 'АЛЖИР', name: 'Алжир', aliases: ['algeria'] },
  { code: '031', short: 'АЗЕРБАЙДЖАН', name: 'Азербайджан', aliases: ['azerbaijan'] },
  { code: '032', short: 'АРГЕНТИНА', name: 'Аргентина', aliases: ['argentina'] },
  { code: '036', short: 'АВСТРАЛИЯ', name: 'Австралия', aliases: ['australia'] },
  { code: '050', short: 'БАНГЛАДЕШ', name: 'Бангладеш', aliases: ['bangladesh'] },
  { code: '051', short: 'АРМЕНИЯ', name: 'Армения', aliases: ['armenia'] },
  { code: '068', short: 'БОЛИВИЯ, МНОГОНАЦИОНАЛЬНОЕ ГОСУДАРСТВО', name: 'Боливия', aliases: ['bolivia'] },
  { code: '076', short: 'БРАЗИЛИЯ', name: 'Бразилия', aliases: ['brazil'] },
  { code: '100', short: 'БОЛГАРИЯ', name: 'Болгария', aliases: ['bulgaria'] },
  { code: '104', short: 'МЬЯНМА', name: 'Мьянма', aliases: ['myanmar', 'бирма'] },
  { code: '112', short: 'БЕЛАРУСЬ', name: 'Беларусь', aliases: ['белоруссия', 'belarus', 'республика беларусь'] },
  { code: '116', short: 'КАМБОДЖА', name: 'Камбоджа', aliases: ['cambodia'] },
  { code: '124', short: 'КАНАДА', name: 'Канада', aliases: ['canada'] },
  { code: '144', short: 'ШРИ-ЛАНКА', name: 'Шри-Ланка', aliases: ['sri lanka', 'шри ланка'] },
  { code: '170', short: 'КОЛУМБИЯ', name: 'Колумбия', aliases: ['colombia'] },
  { code: '196', short: 'КИПР', name: 'Кипр', aliases: ['cyprus'] },
  { code: '204', short: 'БЕНИН', name: 'Бенин', aliases: ['benin'] },
  { code: '218', short: 'ЭКВАДОР', name: 'Эквадор', aliases: ['ecuador'] },
  { code: '250', short: 'ФРАНЦИЯ', name: 'Франция', aliases: ['france'] },
  { code: '268', short: 'ГРУЗИЯ', name: 'Грузия', aliases: ['georgia'] },
  { code: '276', short: 'ГЕРМАНИЯ', name: 'Германия', aliases: ['germany'] },
  { code: '288', short: 'ГАНА', name: 'Гана', aliases: ['ghana'] },
  { code: '300', short: 'ГРЕЦИЯ', name: 'Греция', aliases: ['greece'] },
  { code: '348', short: 'ВЕНГРИЯ', name: 'Венгрия', aliases: ['hungary'] },
  { code: '356', short: 'ИНДИЯ', name: 'Индия', aliases: ['india'] },
  { code: '360', short: 'ИНДОНЕЗИЯ', name: 'Индонезия', aliases: ['indonesia'] },
  { code: '368', short: 'ИРАК', name: 'Ирак', aliases: ['iraq'] },
  { code: '376', short: 'ИЗРАИЛЬ', name: 'Израиль', aliases: ['israel'] },
  { code: '380', short: 'ИТАЛИЯ', name: 'Италия', aliases: ['italy'] },
  {
    code: '384',
    short: "КОТ Д'ИВУАР",
    name: "Кот-д'Ивуар",
    aliases: ['кот д ивуар', 'кот дивуар', 'cote d ivoire', 'берег слоновой кости'],
  },
  { code: '398', short: 'КАЗАХСТАН', name: 'Казахстан', aliases: ['kazakhstan', 'республика казахстан'] },
  { code: '400', short: 'ИОРДАНИЯ', name: 'Иордания', aliases: ['jordan'] },
  { code: '404', short: 'КЕНИЯ', name: 'Кения', aliases: ['kenya'] },
  { code: '417', short: 'КИРГИЗИЯ', name: 'Киргизия', aliases: ['кыргызстан', 'киргизстан', 'kyrgyzstan'] },
  { code: '418', short: 'ЛАОССКАЯ НАРОДНО-ДЕМОКРАТИЧЕСКАЯ РЕСПУБЛИКА', name: 'Лаос', aliases: ['laos'] },
  { code: '422', short: 'ЛИВАН', name: 'Ливан', aliases: ['lebanon'] },
  { code: '454', short: 'МАЛАВИ', name: 'Малави', aliases: ['malawi'] },
  { code: '484', short: 'МЕКСИКА', name: 'Мексика', aliases: ['mexico'] },
  { code: '496', short: 'МОНГОЛИЯ', name: 'Монголия', aliases: ['mongolia'] },
  { code: '498', short: 'МОЛДОВА, РЕСПУБЛИКА', name: 'Молдова', aliases: ['молдавия', 'moldova'] },
  { code: '504', short: 'МАРОККО', name: 'Марокко', aliases: ['morocco'] },
  { code: '508', short: 'МОЗАМБИК', name: 'Мозамбик', aliases: ['mozambique'] },
  { code: '524', short: 'НЕПАЛ', name: 'Непал', aliases: ['nepal'] },
  { code: '528', short: 'НИДЕРЛАНДЫ', name: 'Нидерланды', aliases: ['голландия', 'netherlands'] },
  { code: '554', short: 'НОВАЯ ЗЕЛАНДИЯ', name: 'Новая Зеландия', aliases: ['new zealand'] },
  { code: '566', short: 'НИГЕРИЯ', name: 'Нигерия', aliases: ['nigeria'] },
  { code: '586', short: 'ПАКИСТАН', name: 'Пакистан', aliases: ['pakistan'] },
  { code: '604', short: 'ПЕРУ', name: 'Перу', aliases: ['peru'] },
  { code: '608', short: 'ФИЛИППИНЫ', name: 'Филиппины', aliases: ['philippines'] },
  { code: '616', short: 'ПОЛЬША', name: 'Польша', aliases: ['poland'] },
  { code: '620', short: 'ПОРТУГАЛИЯ', name: 'Португалия', aliases: ['portugal'] },
  { code: '624', short: 'ГВИНЕЯ-БИСАУ', name: 'Гвинея-Бисау', aliases: ['гвинея бисау', 'guinea bissau'] },
  { code: '642', short: 'РУМЫНИЯ', name: 'Румыния', aliases: ['romania'] },
  { code: '682', short: 'САУДОВСКАЯ АРАВИЯ', name: 'Саудовская Аравия', aliases: ['saudi arabia'] },
  { code: '688', short: 'СЕРБИЯ', name: 'Сербия', aliases: ['serbia'] },
  { code: '710', short: 'ЮЖНАЯ АФРИКА', name: 'ЮАР', aliases: ['южно африканская республика', 'south africa'] },
  { code: '724', short: 'ИСПАНИЯ', name: 'Испания', aliases: ['spain'] },
  { code: '760', short: 'СИРИЙСКАЯ АРАБСКАЯ РЕСПУБЛИКА', name: 'Сирия', aliases: ['syria'] },
  { code: '762', short: 'ТАДЖИКИСТАН', name: 'Таджикистан', aliases: ['tajikistan', 'республика таджикистан'] },
  { code: '764', short: 'ТАИЛАНД', name: 'Таиланд', aliases: ['тайланд', 'thailand'] },
  { code: '784', short: 'ОБЪЕДИНЕННЫЕ АРАБСКИЕ ЭМИРАТЫ', name: 'ОАЭ', aliases: ['uae', 'эмираты'] },
  { code: '788', short: 'ТУНИС', name: 'Тунис', aliases: ['tunisia'] },
  { code: '795', short: 'ТУРКМЕНИСТАН', name: 'Туркменистан', aliases: ['туркмения', 'turkmenistan'] },
  { code: '804', short: 'УКРАИНА', name: 'Украина', aliases: ['ukraine'] },
  { code: '818', short: 'ЕГИПЕТ', name: 'Египет', aliases: ['egypt'] },
  { code: '834', short: 'ТАНЗАНИЯ, ОБЪЕДИНЕННАЯ РЕСПУБЛИКА', name: 'Танзания', aliases: ['tanzania'] },
  { code: '854', short: 'БУРКИНА-ФАСО', name: 'Буркина-Фасо', aliases: ['буркина фасо', 'burkina faso'] },
];

export const RUSSIA_OKSM = '643';

/** How a typed country is compared: case, 'ё', punctuation and extra spaces do not matter. */
export function normalizeCountry(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^a-zа-я0-9]+/g, ' ')
    .trim();
}

const BY_TEXT = new Map<string, OksmCountry>();
for (const country of OKSM) {
  for (const spelling of [country.name, country.short, ...(country.aliases ?? [])])
    BY_TEXT.set(normalizeCountry(spelling), country);
}

export function oksmByCode(code: string): OksmCountry | null {
  return OKSM.find((c) => c.code === code) ?? null;
}

/** The country a lot's text names, or null when only an administrator's mapping can tell (`mapped`: text → code). */
export function matchCountry(text: string, mapped?: ReadonlyMap<string, string>): OksmCountry | null {
  const key = normalizeCountry(text);
  if (!key) return null;
  const own = mapped?.get(key);
  if (own) return oksmByCode(own);
  return BY_TEXT.get(key) ?? null;
}
