// The receipt (spec features §4 Receipt, §2 deposit-and-purchase -> receipt): thank-you, the orders with their tickets,
// draw dates, the totals and how they were paid, links to the upcoming tickets, and the tracking data for analytics
// (kept in a data attribute: no external call).
import { moneyToCents, type Order, type Receipt } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatShortDate, type SiteFormat } from '../../lib/format.ts';
import { NumberBalls } from './cart-balls.tsx';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-1">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/**
 * How the total was paid, in the order it happened: a deposit-and-purchase first put the card's money in the wallet,
 * then the wallet paid. Two amount rows under the total ("Paid by card deposit", "Paid from your wallet") read as
 * paid twice (issue 20).
 */
export function howPaid(receipt: Receipt, money: (m: Receipt['total']) => string): string[] {
  const fromWallet = `Paid ${money(receipt.paidFromWallet)} from your wallet.`;
  if (!receipt.deposit) return [fromWallet];
  const leftCents = moneyToCents(receipt.deposit) - moneyToCents(receipt.paidFromWallet);
  return [
    `Deposited ${money(receipt.deposit)} by card into your wallet.`,
    leftCents > 0
      ? `Then paid ${money(receipt.paidFromWallet)} from your wallet; ${money({ ...receipt.deposit, amount: leftCents / 100 })} of the deposit stays in it.`
      : `Then paid ${money(receipt.paidFromWallet)} from your wallet.`,
  ];
}

export function ReceiptView({
  receipt,
  site,
  orderNote,
}: {
  receipt: Receipt;
  site: SiteFormat;
  /** What the route adds under an order's description (a Lotto Party order's session, features §3). */
  orderNote?: (order: Order) => ReactNode;
}) {
  const money = (m: Parameters<typeof formatMoney>[0]) => formatMoney(m, site.locale);
  return (
    <div
      className="page-container flex flex-col gap-1.5 py-1.5"
      data-testid="receipt"
      data-checkout-id={receipt.checkoutId}
      data-tracking={JSON.stringify(receipt.trackingData)}
    >
      <h1 className="text-3xl font-extrabold text-brand">Thank you for your purchase</h1>
      <p>
        Your order reference is <strong>{receipt.checkoutId}</strong>. Good luck!
      </p>
      <ul className="flex flex-col gap-1">
        {receipt.orders.map((order) => (
          <li
            key={order.id}
            className="flex flex-col gap-0.5 rounded-theme border border-black/15 p-1 shadow-theme"
            data-testid="receipt-order"
          >
            <div className="flex flex-wrap justify-between gap-0.5">
              <h2 className="text-lg font-bold">{order.offerName}</h2>
              <p className="font-bold">{money(order.total)}</p>
            </div>
            <p>{order.description}</p>
            {orderNote?.(order)}
            {order.preOrder ? (
              <p className="text-sm font-semibold">
                Pre-order: nothing is paid now. We buy it from your wallet when the draw&apos;s sales open.
              </p>
            ) : null}
            <p className="text-sm">
              {order.numDraws === 1 ? 'Draw' : `${order.numDraws} draws from`}{' '}
              {formatShortDate(new Date(order.firstDrawDate), site)}
            </p>
            {order.tickets?.map((ticket) => (
              <div key={ticket.id} className="flex flex-col gap-0.5 border-t border-black/10 pt-0.5">
                <p className="text-sm font-semibold">
                  Draw {ticket.drawNo}, {formatShortDate(new Date(ticket.drawDate), site)}
                </p>
                {ticket.lines.map((line, i) => (
                  <div key={line.id} className="flex flex-wrap items-center gap-0.5">
                    <span className="w-[4.5rem] shrink-0 text-sm">Game {i + 1}</span>
                    {Object.entries(line.sets).map(([set, numbers]) => (
                      <NumberBalls
                        key={set}
                        numbers={numbers}
                        variant={set === 'numbers' ? 'main' : 'bonus'}
                        size="sm"
                        label={`Game ${i + 1} ${set}`}
                      />
                    ))}
                  </div>
                ))}
                {ticket.raffleTicketNumbers.length ? (
                  <p className="text-sm">Ticket numbers: {ticket.raffleTicketNumbers.join(', ')}</p>
                ) : null}
              </div>
            ))}
          </li>
        ))}
      </ul>
      <dl className="flex max-w-[28rem] flex-col gap-[4px]" data-testid="receipt-totals">
        {moneyToCents(receipt.discount) > 0 ? (
          // Each item above says what was paid for it, the discount already spread over them (docs/checkout.md "What
          // each order was paid"): the row says so, so the items still add up to the total.
          <Row
            label={`Discount${receipt.promotionCode ? ` (${receipt.promotionCode})` : ''}, taken off the prices above`}
            value={`-${money(receipt.discount)}`}
          />
        ) : null}
        <Row label="Total" value={money(receipt.total)} testId="receipt-total" />
        {moneyToCents(receipt.bonusCredit) > 0 ? (
          <Row label="Bonus credit added to your wallet" value={money(receipt.bonusCredit)} />
        ) : null}
      </dl>
      <ul className="flex flex-col gap-[4px]" data-testid="receipt-payment" aria-label="How you paid">
        {howPaid(receipt, money).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-0.5">
        <Link to="/my-account/upcoming-tickets" className="btn btn-primary" data-testid="upcoming-tickets-link">
          See your upcoming tickets
        </Link>
        <Link to="/lotto-tickets" className="btn btn-secondary">
          Keep playing
        </Link>
      </div>
    </div>
  );
}
