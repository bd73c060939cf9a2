// The affiliate report (issue 19, docs/affiliates.md): per affiliate code, the sign-ups that carried it (identity),
// how many of those customers made a first deposit and its total (the wallet), and the checkouts bought with the code
// on the cart and their total (orders). A read across three domains, each through its own port.
import type { CurrencyCode } from '@shop/contracts';

export interface AffiliateReportDeps {
  signupsByAffiliate(): Promise<Map<string, string[]>>;
  firstDepositsOf(customerIds: string[]): Promise<{ customerId: string; amountCents: number; currency: string }[]>;
  salesByAffiliate(): Promise<{ code: string; currency: string; checkouts: number; totalCents: number }[]>;
}

export interface AffiliateLine {
  code: string;
  signups: number;
  firstDeposits: number;
  /** Per currency. */
  firstDepositCents: Partial<Record<CurrencyCode, number>>;
  checkouts: number;
  salesCents: Partial<Record<CurrencyCode, number>>;
}

export function createAffiliateReport(deps: AffiliateReportDeps) {
  return async function affiliateReport(): Promise<AffiliateLine[]> {
    const lines = new Map<string, AffiliateLine>();
    const lineOf = (code: string) => {
      let l = lines.get(code);
      if (!l) {
        l = { code, signups: 0, firstDeposits: 0, firstDepositCents: {}, checkouts: 0, salesCents: {} };
        lines.set(code, l);
      }
      return l;
    };
    const add = (to: Partial<Record<CurrencyCode, number>>, currency: string, cents: number) => {
      const c = currency as CurrencyCode;
      to[c] = (to[c] ?? 0) + Number(cents);
    };
    const signups = await deps.signupsByAffiliate();
    const codeOf = new Map<string, string>();
    for (const [code, ids] of signups) {
      lineOf(code).signups = ids.length;
      for (const id of ids) codeOf.set(id, code);
    }
    for (const d of await deps.firstDepositsOf([...codeOf.keys()])) {
      const l = lineOf(codeOf.get(d.customerId)!);
      l.firstDeposits += 1;
      add(l.firstDepositCents, d.currency, d.amountCents);
    }
    for (const s of await deps.salesByAffiliate()) {
      const l = lineOf(s.code);
      l.checkouts += Number(s.checkouts);
      add(l.salesCents, s.currency, s.totalCents);
    }
    return [...lines.values()].sort((a, b) => a.code.localeCompare(b.code));
  };
}
