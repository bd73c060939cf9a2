// Member benefits (features §7 "GET /v3/benefits; response has ssoUrl and the browser is redirected there"). The
// benefits page is the shop's own (/daily-winners/benefits): the ssoUrl carries a short-lived token signed with the
// shop's secret, which the page exchanges for the member's discounts without a second login (ADR 042).
import type { MemberBenefits } from '@shop/contracts';
import { constantTimeEqual, hmacSha256Hex } from '@shop/protocol';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { MEMBER_DISCOUNT_CODES } from './membership.content.ts';
import { memberFacts } from './membership.facts.ts';
import type { MembershipDeps } from './membership.rules.ts';

/** Long enough to follow a redirect, short enough that a leaked link is soon useless. */
export const BENEFITS_TOKEN_SECONDS = 300;
const MEMBERS_ONLY = 'Join Daily Winners to see your member benefits.';

export function createBenefitsService(deps: MembershipDeps & { secret: () => string }) {
  const { clock, config } = deps;
  const facts = memberFacts(deps);
  const sign = (payload: string) => hmacSha256Hex(deps.secret(), `membership-benefits:${payload}`);

  async function memberOrRefuse(customerId: string) {
    const f = await facts.factsOf(customerId);
    if (f.problem) throw new AppError(403, f.problem.reason, { code: f.problem.code });
    if (!f.member) throw new AppError(403, MEMBERS_ONLY, { code: 'membership_required' });
    return f;
  }

  return {
    /** GET /v3/benefits: where the member's benefits are, for the next five minutes. */
    async ssoUrl(customerId: string): Promise<{ ssoUrl: string }> {
      await memberOrRefuse(customerId);
      const exp = Math.floor(clock.now().getTime() / 1000) + BENEFITS_TOKEN_SECONDS;
      const payload = `${Buffer.from(customerId).toString('base64url')}.${exp}`;
      const token = `${payload}.${sign(payload)}`;
      return { ssoUrl: `${config.publicUrl}/daily-winners/benefits?token=${token}` };
    },

    /** The benefits page's exchange: a valid, unexpired token of a member gives their discounts; anything else is 401. */
    async benefits(token: string): Promise<MemberBenefits> {
      const invalid = () => unauthorized('This benefits link is not valid any more. Open it again from Daily Winners.');
      const [who, expRaw, mac] = token.split('.');
      if (!who || !expRaw || !mac || !/^\d{1,12}$/.test(expRaw)) throw invalid();
      if (!constantTimeEqual(mac, sign(`${who}.${expRaw}`))) throw invalid();
      const exp = Number(expRaw);
      if (exp * 1000 <= clock.now().getTime()) throw invalid();
      const f = await memberOrRefuse(Buffer.from(who, 'base64url').toString());
      return {
        firstname: f.profile?.firstname ?? '',
        membershipTier: f.tier,
        discounts: MEMBER_DISCOUNT_CODES,
        expiresAt: new Date(exp * 1000).toISOString(),
      };
    },
  };
}
export type BenefitsService = ReturnType<typeof createBenefitsService>;
