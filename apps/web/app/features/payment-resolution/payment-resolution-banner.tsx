// The payment-resolution banner (features §3 Payments "payment resolution", §4): site-wide for a signed-in customer
// with a recurring purchase whose payment failed, after the confirmation banner's pattern; it leads to the resolution
// screen. It is not shown on that screen itself.
import { Link } from 'react-router';
import { PAYMENT_RESOLUTION_PATH } from './payment-resolution-path.ts';

export { PAYMENT_RESOLUTION_PATH };
export const RESOLUTION_BANNER_TEXT =
  'We could not take the payment for your autoplay, so your next ticket was not bought. Fix the payment to keep playing.';

export function PaymentResolutionBanner() {
  return (
    <section aria-label="Payment problem" className="bg-surface" data-testid="payment-resolution-banner">
      <div className="page-container flex flex-wrap items-center gap-0.5 py-0.5">
        <p className="mr-auto">{RESOLUTION_BANNER_TEXT}</p>
        <Link to={PAYMENT_RESOLUTION_PATH} className="btn btn-primary">
          Fix payment
        </Link>
      </div>
    </section>
  );
}
