// Counts in Russian: a number and its noun in the form the number asks for (no dependencies: the registry of
// sections, in the section pages' shared chunk, reads it).

/** A noun's three forms after a number: for 1 (21, 101…), for 2–4 (22…), for 5–20 and 0 (25…). */
export type NounForms = readonly [one: string, few: string, many: string];

/** The Russian plural after a whole number: plural(1, f) → f[0] (1, 21, 101), plural(3, f) → f[1] (2–4, 22–24),
 * plural(5, f) → f[2] (0, 5–20, 11–14, 111). */
export function plural(n: number, forms: NounForms): string {
  const whole = Math.abs(Math.trunc(n));
  const last2 = whole % 100;
  const last = whole % 10;
  if (last2 >= 11 && last2 <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** A number with its noun: '1 предложение', '2 предложения', '5 предложений'. */
export const countWith = (n: number, forms: NounForms) => `${n} ${plural(n, forms)}`;
