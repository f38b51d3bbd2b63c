/** Waits, checking every 10 ms, until `check` holds: what a test hears arrives asynchronously (the bus, a stream).
 * Past `ms` it throws 'timed out', so a test that never hears fails there rather than at a later assertion. */
export const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
