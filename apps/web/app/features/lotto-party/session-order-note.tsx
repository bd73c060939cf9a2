// Features §3 "Order details may carry socialSyndicateId": an order of Lotto Party shares names its session on the
// receipt and in the account's order screens, linking to the session and to my shares in it. The routes pass it to
// the receipt and tickets views (a feature never imports another).
import { Link } from 'react-router';
import { sessionPath, ticketPath } from './lotto-party-rules.ts';

export function SessionOrderNote({ socialSyndicateId }: { socialSyndicateId: string }) {
  return (
    <p className="text-sm" data-testid="order-social-syndicate">
      Lotto Party session{' '}
      <Link to={sessionPath(socialSyndicateId)} className="break-all font-semibold underline">
        {socialSyndicateId}
      </Link>{' '}
      ·{' '}
      <Link to={ticketPath(socialSyndicateId)} className="underline">
        My shares in it
      </Link>
    </p>
  );
}

/** The note for an order that carries a session id; nothing for any other order. */
export function sessionOrderNoteOf(order: { socialSyndicateId?: string | undefined }) {
  return order.socialSyndicateId ? <SessionOrderNote socialSyndicateId={order.socialSyndicateId} /> : null;
}
