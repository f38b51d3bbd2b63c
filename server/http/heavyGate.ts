// Heavy answers: list exports (streamed for minutes; on PostgreSQL each holds a database connection of its own), the
// price list's PDF and XLSX, a quote's PDF, an analytics chart's XLSX, and every file built for a download after
// them (invoices, UPDs). One gate per instance counts them all together: an instance builds at most `perInstance`
// at once and a user at most `perUser`; past that the request is refused before any work, in Russian, with 429 and
// Retry-After. Never 503: behind the proxy a 503 means "this instance is going" (server/http/shutdown.ts) and marks
// the instance down for everyone (deploy/nginx.conf), so a busy hour of downloads would take the site down.
//
// A route holds its place either for a streamed answer (enter, and release when the stream is done) or around a file
// built whole (run).
import { HttpError } from '../errors';

export const HEAVY_GATE_MSG = {
  perUser: (n: number) => `Одновременно можно выгружать не больше ${n} файлов. Дождитесь окончания начатой выгрузки`,
  perInstance: 'Сервер занят другими выгрузками. Повторите попытку через минуту',
} as const;

/** Seconds a refused caller is told to wait (Retry-After): the user's own downloads end sooner than the others'. */
export const HEAVY_RETRY_AFTER = { perUser: 5, perInstance: 60 } as const;

export class HeavyGate {
  private running = 0;
  private readonly byUser = new Map<number, number>();

  /** stallMs: a download whose reader has taken nothing for this long is ended (prepareExport). */
  constructor(
    readonly perInstance: number,
    readonly perUser: number,
    readonly stallMs: number,
  ) {}

  /** Takes a place for the user's heavy answer, or throws the refusal; the returned release frees it (once). */
  enter(userId: number): () => void {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.perUser) {
      throw new HttpError(
        429,
        { status: 'error', error: 'too_many_requests', messages: [HEAVY_GATE_MSG.perUser(this.perUser)] },
        { 'retry-after': String(HEAVY_RETRY_AFTER.perUser) },
      );
    }
    if (this.running >= this.perInstance) {
      throw new HttpError(
        429,
        { status: 'error', error: 'busy', messages: [HEAVY_GATE_MSG.perInstance] },
        { 'retry-after': String(HEAVY_RETRY_AFTER.perInstance) },
      );
    }
    this.running++;
    this.byUser.set(userId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }

  /** Builds a whole answer (a PDF, an XLSX) in the user's place, freed when it is built or has failed. */
  async run<T>(userId: number, build: () => Promise<T>): Promise<T> {
    const release = this.enter(userId);
    try {
      return await build();
    } finally {
      release();
    }
  }

  /** Heavy answers being built or streamed now. */
  get size(): number {
    return this.running;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's one gate for heavy answers: downloads and built files (server/http/heavyGate.ts). */
    heavyGate: HeavyGate;
  }
}
