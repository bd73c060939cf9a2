// How the wallet names things on screen: saved funds, deposit sources, transaction kinds, money.
import { DEPOSIT_MESSAGES, moneyToCents, type Fund, type Money, type PaymentMethod } from '@shop/contracts';
import { zonedLabel } from '@shop/protocol';
import { amountLabel, type WalletLocale } from './wallet-rules.ts';

export function moneyLabel(money: Money, locale: WalletLocale): string {
  return amountLabel(moneyToCents(money), money.currency, locale);
}

export function fundLabel(fund: Fund): string {
  if (fund.type === 'card') {
    const brand = fund.brand ?? 'Card';
    const expiry =
      fund.expiryMonth && fund.expiryYear
        ? ` (expires ${String(fund.expiryMonth).padStart(2, '0')}/${String(fund.expiryYear).slice(-2)})`
        : '';
    return `${brand} ending ${fund.last4 ?? '????'}${expiry}`;
  }
  if (fund.type === 'bank') {
    return `${fund.accountName ?? 'Bank account'} · BSB ${fund.bankCode ?? ''} · account ending ${fund.last4 ?? ''}`.trim();
  }
  return `PayPal ${fund.email ?? ''}`.trim();
}

/** A place money can come from: a saved fund of a method, or a method that needs no saved fund (test deposit). */
export interface DepositSource {
  id: string;
  label: string;
  method: PaymentMethod;
  fund: Fund | null;
  cscRequired: boolean;
  isDefault: boolean;
}

const FUNDLESS_METHODS = new Set(['td']);

export function depositSources(methods: readonly PaymentMethod[]): DepositSource[] {
  const out: DepositSource[] = [];
  for (const method of methods) {
    if (!method.rules.enabled || method.kind !== 'deposit') continue;
    for (const fund of method.funds) {
      const gateway = fund.gateway ?? method.availableGateways[0] ?? '';
      out.push({
        id: fund.id,
        label: fundLabel(fund),
        method,
        fund,
        cscRequired: method.rules.cscRequired[gateway] === true,
        isDefault: fund.default,
      });
    }
    if (FUNDLESS_METHODS.has(method.code) && method.funds.length === 0) {
      out.push({ id: method.code, label: method.name, method, fund: null, cscRequired: false, isDefault: false });
    }
  }
  // The default fund first: it is the one the form preselects.
  return out.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** A digital-wallet button of the deposit screen (Apple Pay, Google Pay): POST /funds/{method}/{gateway}/deposit. */
export interface WalletButton {
  code: string;
  name: string;
  depositPath: string;
  /** The token the wallet's payment sheet gives on the built-in test gateway (no real wallet offline). */
  walletToken: string;
  /** Apple Pay: shown only where the browser has this API and it says it can pay. */
  requiresBrowserSupport: string | null;
  method: PaymentMethod;
}

const attr = (m: PaymentMethod, key: string) =>
  typeof m.attributes[key] === 'string' ? (m.attributes[key] as string) : null;

export function walletButtons(methods: readonly PaymentMethod[]): WalletButton[] {
  const out: WalletButton[] = [];
  for (const method of methods) {
    if (!method.rules.enabled || method.kind !== 'deposit' || !method.digitalWallet) continue;
    const depositPath = attr(method, 'depositPath');
    const walletToken = attr(method, 'testWalletToken');
    if (!depositPath || !walletToken) continue;
    out.push({
      code: method.code,
      name: method.name,
      depositPath,
      walletToken,
      requiresBrowserSupport: attr(method, 'requiresBrowserSupport'),
      method,
    });
  }
  return out;
}

/** PayPal on the deposit screen: linked funds are deposit sources; linking is offered while none is linked. */
export function payPalLink(methods: readonly PaymentMethod[]): { linkPath: string; nonce: string } | null {
  const method = methods.find((m) => m.kind === 'deposit' && m.code === 'pl' && m.rules.enabled);
  if (!method || method.funds.length) return null;
  const linkPath = attr(method, 'linkPath');
  const nonce = attr(method, 'testNonce');
  return linkPath && nonce ? { linkPath, nonce } : null;
}

/** Every saved fund once (a card can appear under several methods), deposit and withdrawal methods together. */
export function savedFunds(methods: readonly PaymentMethod[]): Fund[] {
  const byId = new Map<string, Fund>();
  for (const m of methods) for (const f of m.funds) if (!byId.has(f.id)) byId.set(f.id, f);
  return [...byId.values()];
}

export const TRANSACTION_KIND_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  purchase: 'Purchase',
  prize: 'Prize',
  refund: 'Refund',
  withdrawal: 'Withdrawal',
  withdrawal_paid: 'Withdrawal paid',
  withdrawal_returned: 'Withdrawal returned',
  reversal: 'Reversal',
  bonus: 'Bonus credit',
  migration: 'Balance from your previous account',
  deposit_refund: 'Deposit refunded to your card',
};

export const WITHDRAWAL_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Rejected, funds returned to your account',
};

export function formatDateTime(iso: string, locale: WalletLocale, timeZone: string): string {
  return zonedLabel(iso, 'shortDateTime', { locale, timeZone });
}

/** Spec features §8: the default failure text of a deposit (shared with the API through @shop/contracts). */
export const DEPOSIT_FAILURE_TEXT = DEPOSIT_MESSAGES.failure;
