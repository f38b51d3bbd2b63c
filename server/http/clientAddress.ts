// The client a request comes from, as the limits count it: the sign-in throttle (server/accounts/throttle.ts) and
// the public links' limit (server/http/publicLimit.ts).
import { isIP } from 'node:net';

/** Where a request comes from: an IPv4 address, or an IPv6 one by its /64 network (one client holds a whole /64). */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
