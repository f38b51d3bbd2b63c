// scrypt at OWASP's cost takes a large share of a core and 128 MiB for each password checked, on libuv's small
// thread pool that file and DNS work share too. A burst of sign-ins must not starve the API: at most
// `concurrency` checks run at once, a few more wait their turn, and beyond that a sign-in is told to retry: 429 with
// Retry-After, never 503, which behind the proxy means "this instance is going" (server/http/shutdown.ts).
import { HttpError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** One gate for the whole server: sign-in and the profile's password check take their turns together. */
    hashingGate: HashingGate;
  }
}

export const BUSY_MSG =
  'Сервер занят: слишком много попыток входа одновременно. Повторите попытку через несколько секунд.';

export class HashingGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  /** Runs `work` when a slot is free; a 429 in Russian when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) {
        throw new HttpError(429, { status: 'error', error: 'busy', messages: [BUSY_MSG] }, { 'retry-after': '5' });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      // hand the slot straight to the next in line, or free it
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Checks running and waiting now (for tests and the bench). */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }
}
