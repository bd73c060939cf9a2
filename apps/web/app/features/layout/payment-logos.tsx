// Supported payment logos (spec features §2 Footer): up to 8, as accessible text badges; Apple Pay only on devices
// that can pay with it, which only the browser can tell, so it appears after hydration.
import type { PaymentLogo } from '@shop/contracts';
import { useEffect, useState } from 'react';

export const MAX_PAYMENT_LOGOS = 8;

export const PAYMENT_LOGO_LABELS: Record<PaymentLogo, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'Amex',
  paypal: 'PayPal',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
};

const BADGE_STYLE: Record<PaymentLogo, string> = {
  visa: 'text-[#1a1f71] italic',
  mastercard: 'text-[#b3261e]',
  amex: 'text-[#006fcf]',
  paypal: 'text-[#003087] italic',
  apple_pay: 'text-black',
  google_pay: 'text-[#3c4043]',
};

declare global {
  interface Window {
    ApplePaySession?: { canMakePayments(): boolean };
  }
}

export function applePaySupported(win: Pick<Window, 'ApplePaySession'> | undefined): boolean {
  try {
    return !!win?.ApplePaySession?.canMakePayments();
  } catch {
    return false;
  }
}

export function visiblePaymentLogos(methods: readonly PaymentLogo[], applePay: boolean): PaymentLogo[] {
  return methods.filter((m) => m !== 'apple_pay' || applePay).slice(0, MAX_PAYMENT_LOGOS);
}

export function PaymentLogos({ methods }: { methods: readonly PaymentLogo[] }) {
  const [applePay, setApplePay] = useState(false);
  useEffect(() => setApplePay(applePaySupported(window)), []);
  const logos = visiblePaymentLogos(methods, applePay);
  if (logos.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-0.5" aria-label="Payment methods we accept">
      {logos.map((logo) => (
        <li
          key={logo}
          className={`rounded-[4px] border border-black/15 bg-white px-0.5 py-[2px] text-sm font-extrabold ${BADGE_STYLE[logo]}`}
        >
          {PAYMENT_LOGO_LABELS[logo]}
        </li>
      ))}
    </ul>
  );
}
