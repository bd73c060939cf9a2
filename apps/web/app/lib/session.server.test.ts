import { describe, expect, it } from 'vitest';
import { affiliateCodeFrom, apiSessionFrom, handleActCode, readVisitor } from './session.server.ts';

const req = (url: string, cookie?: string) =>
  new Request(`https://shop.test${url}`, { headers: cookie ? { cookie } : {} });
const opts = { consentCapability: true, sessionIdleMinutes: 30, randomId: () => 'new-session-id' };

function cookieNamed(setCookies: string[], name: string) {
  return setCookies.find((c) => c.startsWith(`${name}=`));
}

describe('session id (sliding idle window)', () => {
  it('starts a session with a cookie that lives for the idle window', () => {
    const { session, setCookies } = readVisitor(req('/'), opts);
    expect(session).toMatchObject({ sessionId: 'new-session-id', sessionRenewed: true });
    expect(cookieNamed(setCookies, 'session_id')).toBe(
      'session_id=new-session-id; Path=/; Max-Age=1800; SameSite=Lax; Secure',
    );
  });

  it('keeps and re-sends a valid id so the window slides with activity', () => {
    const { session, setCookies } = readVisitor(req('/', 'session_id=abc-123'), opts);
    expect(session).toMatchObject({ sessionId: 'abc-123', sessionRenewed: false });
    expect(cookieNamed(setCookies, 'session_id')).toContain('session_id=abc-123; Path=/; Max-Age=1800');
  });

  it('treats an id breaking the identifier rule as absent', () => {
    const { session } = readVisitor(req('/', 'session_id=abc%20123'), opts);
    expect(session.sessionId).toBe('new-session-id');
  });
});

describe('query codes', () => {
  it('stores aff for 14 days and sv for one year', () => {
    const { session, setCookies } = readVisitor(req('/?aff=partner_7&sv=variant-b'), opts);
    expect(session).toMatchObject({ affiliateCode: 'partner_7', subVariant: 'variant-b' });
    expect(cookieNamed(setCookies, 'aff')).toContain(`Max-Age=${14 * 86400}`);
    expect(cookieNamed(setCookies, 'sv')).toContain(`Max-Age=${365 * 86400}`);
  });

  it('ignores codes that are not identifiers and keeps stored ones', () => {
    const { session, setCookies } = readVisitor(req('/?aff=<script>&sv=a%20b', 'aff=stored_1; sv=old'), opts);
    expect(session).toMatchObject({ affiliateCode: 'stored_1', subVariant: 'old' });
    expect(cookieNamed(setCookies, 'aff')).toBeUndefined();
    expect(cookieNamed(setCookies, 'sv')).toBeUndefined();
  });

  it('says when sv moves the visitor to another sub-variant, and only then', () => {
    const moved = readVisitor(req('/?sv=qld', 'sv=vic'), opts);
    expect(moved.session).toMatchObject({ subVariant: 'qld', subVariantChanged: true });
    expect(cookieNamed(moved.setCookies, 'sv')).toBe(`sv=qld; Path=/; Max-Age=${365 * 86400}; SameSite=Lax; Secure`);
    expect(readVisitor(req('/?sv=qld'), opts).session.subVariantChanged).toBe(true);
    // The same one again, none in the address, or one breaking the identifier rule: no change, the cookie kept.
    expect(readVisitor(req('/?sv=qld', 'sv=qld'), opts).session).toMatchObject({ subVariantChanged: false });
    expect(readVisitor(req('/', 'sv=qld'), opts).session).toMatchObject({
      subVariant: 'qld',
      subVariantChanged: false,
    });
    for (const bad of ['q%20ld', 'qld%3Bx', '%3Cscript%3E', 'q.ld', '']) {
      const r = readVisitor(req(`/?sv=${bad}`, 'sv=vic'), opts);
      expect(r.session, bad).toMatchObject({ subVariant: 'vic', subVariantChanged: false });
      expect(cookieNamed(r.setCookies, 'sv'), bad).toBeUndefined();
    }
    // A stored value breaking the rule counts as absent.
    expect(readVisitor(req('/', 'sv=a%20b'), opts).session.subVariant).toBeNull();
  });

  it('keeps utm values only with consent to non-essential cookies', () => {
    const url = '/?utm_source=news&utm_campaign=spring%20jackpot';
    const noChoice = readVisitor(req(url), opts);
    expect(noChoice.session.utm).toEqual({});
    expect(cookieNamed(noChoice.setCookies, 'utm_source')).toBeUndefined();

    const essential = readVisitor(req(url, 'cookie_consent=essential'), opts);
    expect(essential.session.utm).toEqual({});

    const all = readVisitor(req(url, 'cookie_consent=all'), opts);
    expect(all.session.utm).toEqual({ utm_source: 'news', utm_campaign: 'spring jackpot' });
    expect(cookieNamed(all.setCookies, 'utm_campaign')).toContain('utm_campaign=spring%20jackpot');

    // Without the consent capability the site asks nothing and keeps them.
    const noCapability = readVisitor(req(url), { ...opts, consentCapability: false });
    expect(noCapability.session.utm).toMatchObject({ utm_source: 'news' });
  });

  it('issues the analytics anonymous id (365 days) only with consent to non-essential cookies', () => {
    for (const cookie of [undefined, 'cookie_consent=essential', 'cookie_consent=essential; analytics_id=kept-id']) {
      const v = readVisitor(req('/', cookie), opts);
      expect(v.session.analyticsId, cookie).toBeNull();
      expect(cookieNamed(v.setCookies, 'analytics_id'), cookie).toBeUndefined();
    }
    const fresh = readVisitor(req('/', 'cookie_consent=all'), opts);
    expect(fresh.session.analyticsId).toMatch(/^[0-9a-f-]{36}$/);
    expect(cookieNamed(fresh.setCookies, 'analytics_id')).toContain(`analytics_id=${fresh.session.analyticsId}`);
    expect(cookieNamed(fresh.setCookies, 'analytics_id')).toContain(`Max-Age=${365 * 86_400}`);
    const kept = readVisitor(req('/', 'cookie_consent=all; analytics_id=kept-id'), opts);
    expect(kept.session.analyticsId).toBe('kept-id');
    expect(cookieNamed(kept.setCookies, 'analytics_id')).toBeUndefined();
    const noCapability = readVisitor(req('/'), { ...opts, consentCapability: false });
    expect(noCapability.session.analyticsId).not.toBeNull();
  });

  it('reads p, favourite_numbers and act', () => {
    const { session } = readVisitor(req('/?p=partner&favourite_numbers=1,2,3&act=ACT_1'), opts);
    expect(session.queryCodes).toEqual({ p: 'partner', favouriteNumbers: '1,2,3', act: 'ACT_1' });
  });

  it('counts a customer as authenticated only with both id and token', () => {
    expect(readVisitor(req('/', 'customer_id=cus_1'), opts).session.isAuthenticated).toBe(false);
    expect(readVisitor(req('/', 'customer_id=cus_1; customer_token=tok_1'), opts).session.isAuthenticated).toBe(true);
    expect(readVisitor(req('/', 'customer_id=cus_1; customer_token=tok%201'), opts).session.isAuthenticated).toBe(
      false,
    );
  });
});

describe('act code', () => {
  it('converts the cart for an anonymous visitor and keeps the address', async () => {
    const converted: string[] = [];
    const request = req('/?act=ACT_1');
    const { session } = readVisitor(request, opts);
    await expect(handleActCode(request, session, async (code) => void converted.push(code))).resolves.toBeNull();
    expect(converted).toEqual(['ACT_1']);
  });

  it('removes the code from the address of an authenticated customer', async () => {
    const request = req('/about?act=ACT_1&sv=x', 'customer_id=c; customer_token=t');
    const { session } = readVisitor(request, opts);
    await expect(handleActCode(request, session, null)).resolves.toBe('/about?sv=x');
  });

  it('never answers an address that a browser reads as another host (issue 14)', async () => {
    const request = new Request('https://shop.test//evil.example/?act=ACT_1', {
      headers: { cookie: 'customer_id=c; customer_token=t' },
    });
    const { session } = readVisitor(request, opts);
    const location = await handleActCode(request, session, null);
    expect(location).toBe('/');
    expect(new URL(location!, 'https://shop.test/').host).toBe('shop.test');
  });
});

describe('apiSessionFrom', () => {
  it('reads identifiers for API headers without issuing cookies', () => {
    expect(apiSessionFrom(req('/', 'session_id=s1; customer_id=c1; customer_token=bad!'))).toMatchObject({
      sessionId: 's1',
      customerId: 'c1',
      customerToken: null,
    });
  });

  it('asks for the price list of the address p code, else the pricing cookie; a bad value is ignored (ADR 081)', () => {
    expect(apiSessionFrom(req('/?p=intro', 'pricing_id=members')).pricingId).toBe('intro');
    expect(apiSessionFrom(req('/', 'pricing_id=members')).pricingId).toBe('members');
    expect(apiSessionFrom(req(`/?p=${encodeURIComponent('<x>')}`, 'pricing_id=intro')).pricingId).toBe('intro');
    expect(apiSessionFrom(req(`/?p=${encodeURIComponent('a b')}`)).pricingId).toBeNull();
  });
});

describe('affiliateCodeFrom (core §1 aff, §5 identifier rule)', () => {
  it('takes aff from the address first, then the cookie, and ignores codes breaking the identifier rule', () => {
    expect(affiliateCodeFrom(req('/?aff=news-1'))).toBe('news-1');
    expect(affiliateCodeFrom(req('/', 'aff=kept_2'))).toBe('kept_2');
    expect(affiliateCodeFrom(req('/?aff=x%3Cscript%3E', 'aff=kept_2'))).toBe('kept_2');
    expect(affiliateCodeFrom(req('/', 'aff=bad%20code'))).toBeNull();
  });
});
