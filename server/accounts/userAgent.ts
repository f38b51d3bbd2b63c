// A session's browser as a person names it ('Chrome 156, Linux'), from its User-Agent. No parser library is
// installed, and the profile needs only the family, its major version and the system: the tokens below are
// checked in the order that matters (Edge, Opera and Yandex also say Chrome; every Chromium also says Safari;
// iOS says "like Mac OS X", Android says Linux).

const BROWSERS: [name: string, token: RegExp][] = [
  ['Edge', /\b(?:Edg|EdgA|EdgiOS|Edge)\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Яндекс Браузер', /\bYaBrowser\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Chromium', /\bChromium\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: [name: string, token: RegExp][] = [
  ['Windows', /Windows NT|Win64|Windows/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Android', /Android/],
  ['ChromeOS', /CrOS/],
  ['macOS', /Macintosh|Mac OS X/],
  ['Linux', /Linux|X11/],
];

export const UNKNOWN_BROWSER = 'Неизвестный браузер';

export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return UNKNOWN_BROWSER;
  let browser: string | undefined;
  for (const [name, token] of BROWSERS) {
    const match = token.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  // a program that is no browser (curl/8.5.0, an API client): its own first product token
  if (!browser) {
    const product = /^([A-Za-z][\w.-]{0,40})\/(\d+)/.exec(ua);
    browser = product ? `${product[1]} ${product[2]}` : UNKNOWN_BROWSER;
  }
  const system = SYSTEMS.find(([, token]) => token.test(ua))?.[0];
  return system ? `${browser}, ${system}` : browser;
}
