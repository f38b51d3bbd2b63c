// The public reads (a buyer's price list or quote by its link, and their documents) need no sign-in, so nothing but
// the caller's address stands between a link holder and the server: 20 holders reloading took staff requests from 30
// to 482 ms. Each address gets PUBLIC_REQUESTS_PER_MINUTE of them on this instance (the address nginx saw, through
// TRUST_PROXY), then 429 in Russian until the minute is over. An IPv6 client is counted by its /64, as the sign-in
// throttle counts it: one client holds a whole /64 and could take a new address for every request.
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { HttpError } from '../errors';
import { clientAddress } from './clientAddress';

export const PUBLIC_LIMIT_MSG = 'Слишком много запросов по ссылке: повторите через минуту';

export async function limitPublicReads(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => clientAddress(request.ip),
    errorResponseBuilder: () => new HttpError(429, { status: 'error', error: 'busy', messages: [PUBLIC_LIMIT_MSG] }),
  });
}
