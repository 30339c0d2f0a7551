import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone, `::` and an IPv4 tail expanded). */
function ipv6Groups(ip: string): number[] {
  let s = ip.split('%')[0]!.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The key a client's address is rate-limited under. An IPv4 address (also when written IPv4-mapped) stands for
 * itself; an IPv6 address counts by its /64, because one home or server usually holds a whole /64 and could
 * otherwise step to a fresh address for every attempt.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip.split('%')[0]!)) return ip;
  const g = ipv6Groups(ip);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}
