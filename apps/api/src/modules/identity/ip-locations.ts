// A small local IP-range table for GET /locate (no outside geo service): enough to tell Australia from the few
// countries the tests and demos need. Unknown addresses locate to null; private and loopback addresses to the home
// country, so development is not treated as abroad.
import { BlockList, isIPv4 } from 'node:net';

const RANGES: Array<[string, number, string]> = [
  ['1.120.0.0', 13, 'AU'],
  ['1.128.0.0', 11, 'AU'],
  ['49.176.0.0', 12, 'AU'],
  ['101.160.0.0', 11, 'AU'],
  ['203.0.113.0', 24, 'AU'], // TEST-NET-3: documentation range, used by tests as "Australia"
  ['198.51.100.0', 24, 'US'], // TEST-NET-2: documentation range, used by tests as "abroad"
  ['3.0.0.0', 9, 'US'],
  ['8.8.8.0', 24, 'US'],
  ['2.0.0.0', 12, 'FR'],
  ['81.0.0.0', 12, 'GB'],
  ['86.0.0.0', 11, 'GB'],
  ['202.156.0.0', 16, 'SG'],
  ['49.224.0.0', 13, 'NZ'],
];
const PRIVATE: Array<[string, number]> = [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
];

const lists = RANGES.map(([net, prefix, country]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, 'ipv4');
  return { list, country };
});
const privateList = new BlockList();
for (const [net, prefix] of PRIVATE) privateList.addSubnet(net, prefix, 'ipv4');

export function countryForIp(ip: string, homeCountry = 'AU'): string | null {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (v4 === '::1') return homeCountry;
  if (!isIPv4(v4)) return null;
  if (privateList.check(v4, 'ipv4')) return homeCountry;
  return lists.find((l) => l.list.check(v4, 'ipv4'))?.country ?? null;
}
