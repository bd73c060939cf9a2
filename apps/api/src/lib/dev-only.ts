// Development helpers that must never face the internet (ADR 027): the dev mailbox (every customer's emails: reset
// links, 2FA codes) and the `td` test deposit (money from nothing). They answer only outside production and only to
// a visitor on this machine. The address is the visitor's as Fastify resolved it: the storefront's server-side calls
// arrive over loopback but name the visitor in X-Forwarded-For (loopback is a trusted proxy, ADR 013), so a visitor
// from elsewhere browsing a development shop is refused too.
import { isIP } from 'node:net';

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopbackAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return ip === '::1';
}

export function devHelpersAllowed(nodeEnv: string, ip: string | undefined): boolean {
  return nodeEnv !== 'production' && isLoopbackAddress(ip);
}
