// GET /locate and the banned-country check: the visitor's country from geoip-country, a bundled MaxMind GeoLite2
// country database that ships inside the npm package (offline; updated by upgrading the pinned version; ADR 077).
// Private and loopback addresses locate to the home country, so development is not treated as abroad. Tests and
// demos may map ranges through configuration (IP_COUNTRY_OVERRIDES, refused in production), which comes first: a
// browser journey places its loopback visitor in a banned country that way, with no request header involved.
import { createRequire } from 'node:module';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { IpCountryOverride } from '../../env.ts';

interface GeoipCountry {
  lookup(ip: string): { country: string } | null;
}
// The database (about 8 MB) loads on the first lookup, not at start: the CLI and most tests never locate anyone.
let geoip: GeoipCountry | null = null;
const database = () => (geoip ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry);

const PRIVATE_V4: Array<[string, number]> = [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
];
const privateList = new BlockList();
for (const [net, prefix] of PRIVATE_V4) privateList.addSubnet(net, prefix, 'ipv4');
privateList.addAddress('::1', 'ipv6');
privateList.addSubnet('fc00::', 7, 'ipv6');
privateList.addSubnet('fe80::', 10, 'ipv6');

export interface IpLocator {
  countryOf(ip: string): string | null;
}

export function createIpLocator(opts: { homeCountry?: string; overrides?: IpCountryOverride[] } = {}): IpLocator {
  const home = opts.homeCountry ?? 'AU';
  const overrides = (opts.overrides ?? []).map((o) => {
    const list = new BlockList();
    list.addSubnet(o.subnet, o.prefix, isIPv4(o.subnet) ? 'ipv4' : 'ipv6');
    return { list, country: o.country };
  });
  return {
    countryOf(ip: string): string | null {
      const addr = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
      const family = isIPv4(addr) ? 'ipv4' : isIPv6(addr) ? 'ipv6' : null;
      if (!family) return null;
      // Configuration first: a test run can place this machine's own visitors (loopback) abroad.
      const forced = overrides.find((o) => o.list.check(addr, family));
      if (forced) return forced.country;
      if (privateList.check(addr, family)) return home;
      return database().lookup(addr)?.country ?? null;
    },
  };
}
