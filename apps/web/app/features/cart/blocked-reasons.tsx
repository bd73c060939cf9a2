// Cart blocked reasons (spec core §8): spend_limit, global_spend_limit, deposit_limit and verify_account_required each
// give the customer an action; any other reason is fixed text. The messages are the API's.
import { Link } from 'react-router';
import { blockedReasonAction } from './cart-rules.ts';

export function BlockedReasons({ reasons }: { reasons: Record<string, string> }) {
  const entries = Object.entries(reasons);
  if (!entries.length) return null;
  return (
    <section
      aria-labelledby="blocked-title"
      role="alert"
      className="rounded-theme border-l-4 border-[#b00020] bg-[#fdecee] p-1 text-black"
      data-testid="blocked-reasons"
    >
      <h2 id="blocked-title" className="font-bold">
        You can't buy this cart yet
      </h2>
      <ul className="mt-0.5 flex flex-col gap-0.5">
        {entries.map(([reason, message]) => {
          const action = blockedReasonAction(reason);
          return (
            <li key={reason} data-reason={reason} className="flex flex-col gap-[4px]">
              <span>{message}</span>
              {action ? (
                <Link to={action.href} className="font-bold underline">
                  {action.label}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
