// The pricing_id cookie (core §9) follows the price list the API prices the visitor's cart by.
import { describe, expect, it } from 'vitest';
import { pricingCookieFor, pricingOf } from './lotteries.server.ts';

const req = (cookie?: string) => new Request('https://shop.test/powerball', { headers: cookie ? { cookie } : {} });
const member = { isAuthenticated: true, entitledPricing: 'members', sessionTimeoutSeconds: 3600 };

describe('pricing_id cookie', () => {
  it("sets a member's cookie to the members list for the session's lifetime", () => {
    expect(pricingCookieFor(req(), member)).toBe('pricing_id=members; Path=/; Max-Age=3600; SameSite=Lax; Secure');
    expect(pricingCookieFor(req('pricing_id=default'), member)).toContain('pricing_id=members;');
    expect(pricingCookieFor(req('pricing_id=members'), member)).toBeNull();
  });

  it('takes back a list the customer is not entitled to, and clears it for anonymous visitors on the default list', () => {
    const nonMember = { ...member, entitledPricing: 'default' };
    expect(pricingCookieFor(req('pricing_id=members'), nonMember)).toContain('pricing_id=default;');
    const anonymous = { ...member, isAuthenticated: false, entitledPricing: 'default' };
    expect(pricingCookieFor(req('pricing_id=members'), anonymous)).toContain('pricing_id=; Path=/; Max-Age=0');
    expect(pricingCookieFor(req(), anonymous)).toBeNull();
  });

  it("keeps an anonymous visitor's code list, and a visit with the code starts its lifetime again", () => {
    const served = { isAuthenticated: false, entitledPricing: 'intro', sessionTimeoutSeconds: 3600 };
    expect(pricingCookieFor(req(), served)).toBe('pricing_id=intro; Path=/; Max-Age=3600; SameSite=Lax; Secure');
    expect(pricingCookieFor(req('pricing_id=intro'), served)).toBeNull();
    const visit = new Request('https://shop.test/?p=intro', { headers: { cookie: 'pricing_id=intro' } });
    expect(pricingCookieFor(visit, served)).toContain('pricing_id=intro;');
    // The offers could not be read: the cookie is left as it is.
    expect(pricingCookieFor(req('pricing_id=intro'), { ...served, entitledPricing: null })).toBeNull();
  });

  it('changes nothing when the customer could not be read or names a malformed list', () => {
    expect(pricingCookieFor(req('pricing_id=members'), { ...member, entitledPricing: null })).toBeNull();
    expect(pricingCookieFor(req('pricing_id=members'), { ...member, entitledPricing: 'a b' })).toBeNull();
  });

  it('reads the cookie for the catalogue calls, the default list when absent or malformed', () => {
    expect(pricingOf(req('pricing_id=members'))).toBe('members');
    expect(pricingOf(req('pricing_id=a%20b'))).toBe('default');
    expect(pricingOf(req())).toBe('default');
  });
});
