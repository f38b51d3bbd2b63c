// A pure function of a text, remembered per text: a supplier's price list or an import reads the same names,
// packings and numbers thousands of times, and a locale-aware lower case or a decimal's BigInt costs more than a
// look-up. The answers are kept up to a bound, then forgotten and gathered again.

/** `fn` remembered per argument (up to `max` answers). Its answers are shared: an object answer is frozen. */
export function remembered<T>(fn: (text: string) => T, max = 20_000): (text: string) => T {
  const answers = new Map<string, T>();
  return (text: string) => {
    let answer = answers.get(text);
    if (answer === undefined && !answers.has(text)) {
      answer = fn(text);
      if (typeof answer === 'object' && answer !== null) Object.freeze(answer);
      if (answers.size >= max) answers.clear();
      answers.set(text, answer);
    }
    return answer as T;
  };
}
