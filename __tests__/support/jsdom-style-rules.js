// jsdom works out an element's style (getComputedStyle, which testing-library's role and name queries and
// user-event's clicks ask for element after element) by matching every rule of every style sheet against it: with
// MUI's emotion rules that was most of a card test's time. A rule whose element must carry a class or be of a tag
// (every emotion and MUI rule: `.css-1x2y3z`, `.MuiInputBase-root .MuiSvgIcon-root:hover`; the browser's own
// `select`, `body`) cannot match an element without that class or of another tag, so it is passed over for such an
// element without asking nwsapi; every other selector, and an element that may match, is matched by jsdom as
// before. The answer is jsdom's own in every case. Loaded before jsdom: its style rules take the matcher at load.
const selectors = require('jsdom/lib/jsdom/living/helpers/selectors');

const matchesDontThrow = selectors.matchesDontThrow;
/** Per selector text: for each of its alternatives, the tag and the class the element itself must have (either
 * may be null), or null where some alternative asks for neither (jsdom answers). */
const required = new Map();
// the rightmost compound once the insides of () and [] are blanked: a tag or *, then classes, ids, pseudo-classes
const COMPOUND = /^([a-zA-Z][\w-]*|\*)?((?:\.[\w-]+|#[\w-]+|::?[\w-]+(?:\(\))?|\[\])*)$/;

/** The selector with whatever stands inside () and [] left out (`:has(> .a)` → `:has()`), or null if unbalanced. */
function blankGroups(selector) {
  let depth = 0;
  let out = '';
  for (const ch of selector) {
    if (ch === '(' || ch === '[') {
      if (depth === 0) out += ch;
      depth++;
    } else if (ch === ')' || ch === ']') {
      depth--;
      if (depth < 0) return null;
      if (depth === 0) out += ch;
    } else if (depth === 0) out += ch;
  }
  return depth === 0 ? out : null;
}

function requirementsOf(selector) {
  // a rule without a selector (@font-face, @keyframes' steps) reaches nwsapi as the text 'undefined': a tag
  const text = String(selector);
  if (/["'\\]/.test(text)) return null;
  const blanked = blankGroups(text);
  if (blanked === null) return null;
  const alternatives = [];
  for (const alternative of blanked.split(',')) {
    // the rightmost compound: what the element itself must be
    const last = alternative
      .trim()
      .split(/\s*[\s>+~]\s*/)
      .pop();
    const compound = COMPOUND.exec(last ?? '');
    if (!compound) return null;
    const tag = compound[1] && compound[1] !== '*' ? compound[1].toLowerCase() : null;
    const cls = /\.([\w-]+)/.exec(compound[2]);
    if (!tag && !cls) return null;
    alternatives.push({ tag, cls: cls ? cls[1] : null });
  }
  return alternatives.length ? alternatives : null;
}

const mayMatch = (elImpl, { tag, cls }) =>
  (tag === null || elImpl.localName.toLowerCase() === tag) && (cls === null || elImpl.classList.contains(cls));

selectors.matchesDontThrow = (elImpl, selector) => {
  let alternatives = required.get(selector);
  if (alternatives === undefined) {
    alternatives = requirementsOf(selector);
    required.set(selector, alternatives);
  }
  if (alternatives !== null && !alternatives.some((a) => mayMatch(elImpl, a))) return false;
  return matchesDontThrow(elImpl, selector);
};
