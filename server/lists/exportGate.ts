// Downloads (exports) are long: a slow reader holds one for minutes, and on PostgreSQL each holds a database
// connection of its own. An instance runs at most `perInstance` at once and a user at most `perUser`; past that the
// download is refused before it starts, in Russian (429 for the user's own, 503 for the instance's).
import { HttpError, tooManyRequests } from '../errors';

export const EXPORT_GATE_MSG = {
  perUser: (n: number) => `Одновременно можно выгружать не больше ${n} файлов. Дождитесь окончания начатой выгрузки`,
  perInstance: 'Сервер занят другими выгрузками. Повторите попытку через минуту',
} as const;

export class ExportGate {
  private running = 0;
  private readonly byUser = new Map<number, number>();

  /** stallMs: a download whose reader has taken nothing for this long is ended (prepareExport). */
  constructor(readonly perInstance: number, readonly perUser: number, readonly stallMs: number) {}

  /** Takes a place for the user's download, or throws the refusal; the returned release frees it (once). */
  enter(userId: number): () => void {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.perUser) throw tooManyRequests(EXPORT_GATE_MSG.perUser(this.perUser));
    if (this.running >= this.perInstance) throw new HttpError(503, { status: 'error', error: 'busy', messages: [EXPORT_GATE_MSG.perInstance] });
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

  /** Downloads running now. */
  get size(): number {
    return this.running;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's one gate for downloads (server/lists/exportGate.ts). */
    exportGate: ExportGate;
  }
}
