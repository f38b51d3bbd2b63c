// Scheduled work in the app (DESIGN.md "Jobs"): a run now and every `everyMs` until stopped, runs one after another
// (never two at once in one instance), a failed run logged and tried again at the next tick. One runner across the
// instances is each job's own business (its advisory lock).

/** Starts the job; the returned stop ends the ticks and waits for a run under way. */
export function scheduleJob<Result>(
  run: () => Promise<Result>,
  report: { done(result: Result): void; failed(error: Error): void },
  everyMs: number,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(run).then(
      (result) => report.done(result),
      (error: Error) => report.failed(error),
    );
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
