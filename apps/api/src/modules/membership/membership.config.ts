// GET /v4/config: the membership config entity of features §3 (title, tiers, the daily, monthly and special giveaway
// sections with their draw cards, past winners, FAQ, the navigation items that place the landing page's sections).
import { formatCurrency, toMoney, type CurrencyCode, type DrawCard, type MembershipConfig } from '@shop/contracts';
import { MEMBERSHIP_CONTENT } from './membership.content.ts';
import type { GiveawaysService } from './membership.giveaways.ts';
import { PROGRAM } from './membership.rules.ts';

/** Closed daily giveaways shown beside the open one (the rest are on the winners page). */
const RECENT_DAILY = 2;

export function createMembershipConfigService(deps: { giveaways: GiveawaysService }) {
  const { giveaways } = deps;

  async function cards(type: DrawCard['type'], status: 'open' | 'closed', limit: number): Promise<DrawCard[]> {
    return (await giveaways.list({ type, status, limit, offset: 0 })).items;
  }

  return {
    async config(): Promise<MembershipConfig> {
      const p = await giveaways.program();
      const currency = p.currency as CurrencyCode;
      const limit = MEMBERSHIP_CONTENT.pastDrawsFilter.limit;
      const [daily, recentDaily, monthly, special, major, preview, past] = await Promise.all([
        cards('daily', 'open', limit),
        cards('daily', 'closed', RECENT_DAILY),
        cards('monthly', 'open', limit),
        cards('special', 'open', limit),
        cards('major', 'open', limit),
        cards('preview', 'open', limit),
        giveaways.winnersPage({ limit, offset: 0 }),
      ]);
      const deposit = formatCurrency(p.qualifyingDepositCents, currency);
      return {
        ...MEMBERSHIP_CONTENT,
        programName: PROGRAM,
        programUrl: p.url,
        programId: p.publicId,
        deposit: {
          title: 'Go premium',
          text: `Deposit ${deposit} or more in a calendar month and you are a premium member for the rest of it: guaranteed entries and premium-only giveaways. The money stays in your wallet.`,
          qualifyingDeposit: toMoney(p.qualifyingDepositCents, currency),
          buttonText: 'Deposit now',
        },
        dailyGiveaways: {
          title: 'Daily giveaways',
          description: 'Every member is in the daily giveaway, drawn at 8 pm Sydney time.',
          draws: [...daily, ...recentDaily],
        },
        monthlyGiveaways: {
          title: 'Monthly giveaway',
          description: 'Unlock your entry, or go premium for a guaranteed one. Drawn on the last day of the month.',
          draws: monthly,
        },
        specialGiveaways: {
          title: 'Special giveaways',
          description: 'Specials and major giveaways, some for premium members only.',
          draws: [...major, ...special, ...preview],
        },
        pastWinners: past.items,
      };
    },
  };
}
export type MembershipConfigService = ReturnType<typeof createMembershipConfigService>;
