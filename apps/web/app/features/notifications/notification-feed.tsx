// The notification feed (issue 20; features §3 Notification): the drawer's list of content cards, newest first, a
// page of 10 at a time (paging state: offset, limit, total, pages). The cards a page shows are marked viewed, which
// takes them off the header's count; each card's actions link to what it is about (a win card to the ticket).
import type { NotificationCard, PageInfo } from '@shop/contracts';
import { PAGE_SIZES } from '@shop/contracts/constants';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { zonedLabel } from '@shop/protocol';
import { useSiteFormat } from '../../lib/shell.ts';
import { postCards, readCards } from './notifications-client.ts';

interface FeedPage {
  cards: NotificationCard[];
  pageInfo: PageInfo;
}

const ICON_PATHS: Record<NotificationCard['icon'], ReactNode> = {
  trophy: <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0V4zM17 5h3v2a3 3 0 01-3 3M7 5H4v2a3 3 0 003 3" />,
  results: <path d="M4 19h16M7 16V9M12 16V5M17 16v-4" />,
  wallet: <path d="M3 7h18v12H3zM3 7l3-4h12l3 4M16 13h2" />,
  warning: <path d="M12 3l10 18H2L12 3zM12 10v4M12 17h.01" />,
  gift: <path d="M3 9h18v4H3zM5 13v8h14v-8M12 9v12M12 9c-2-4-6-4-6-1s6 1 6 1c2-4 6-4 6-1s-6 1-6 1" />,
  shield: <path d="M12 3l8 3v6c0 5-4 8-8 9-4-1-8-4-8-9V6l8-3z" />,
  megaphone: <path d="M3 11v2l13 5V6L3 11zM16 9a3 3 0 010 6M7 13l1 6h3l-1-5" />,
};

function CardIcon({ icon }: { icon: NotificationCard['icon'] }) {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="shrink-0 text-brand"
    >
      {ICON_PATHS[icon]}
    </svg>
  );
}

/** One card of the feed (the drawer's and the /my-account/notifications page's); `onNavigate` closes the drawer. */
export function CardView({ card, isNew, onNavigate }: { card: NotificationCard; isNew: boolean; onNavigate?(): void }) {
  // The site's time zone, as every other date of the shop (not the phone's).
  const site = useSiteFormat();
  return (
    <li
      data-testid="notification-card"
      className={`flex gap-0.5 rounded-theme border p-0.5 ${isNew ? 'border-brand bg-surface' : 'border-black/10'}`}
    >
      {card.productLogoImage ? (
        <img src={card.productLogoImage} alt="" className="size-[40px] shrink-0 object-contain" />
      ) : (
        <CardIcon icon={card.icon} />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-[4px]">
        <h3 className="font-bold">
          {card.title}
          {isNew ? <span className="sr-only"> (new)</span> : null}
        </h3>
        {card.mobileImage || card.desktopImage ? (
          <picture>
            {card.desktopImage ? <source media="(min-width: 40em)" srcSet={card.desktopImage} /> : null}
            <img src={card.mobileImage ?? card.desktopImage ?? ''} alt="" className="w-full rounded-theme" />
          </picture>
        ) : null}
        <p className="text-sm">{card.message}</p>
        <p className="text-xs text-black/70">
          <time dateTime={card.createdAt}>{zonedLabel(card.createdAt, 'shortDateTime', site)}</time>
        </p>
        {card.actions.some((a) => a.link) ? (
          <ul className="flex flex-wrap gap-x-1">
            {card.actions.map((a) =>
              a.link ? (
                <li key={a.id}>
                  {a.link.startsWith('/') ? (
                    <Link
                      to={a.link}
                      onClick={onNavigate}
                      className="inline-flex min-h-[44px] items-center font-semibold underline"
                    >
                      {a.text}
                    </Link>
                  ) : (
                    <a
                      href={a.link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-[44px] items-center font-semibold underline"
                    >
                      {a.text}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  )}
                </li>
              ) : null,
            )}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

export function NotificationFeed({ onViewed, onNavigate }: { onViewed(count: number): void; onNavigate(): void }) {
  const [cards, setCards] = useState<NotificationCard[]>([]);
  const [pageInfo, setPageInfo] = useState<PageInfo | null>(null);
  const [fresh, setFresh] = useState<Set<string>>(() => new Set());
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [offset, setOffset] = useState(0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stopped = false;
    setStatus('loading');
    void readCards<{ page: FeedPage }>(`offset=${offset}&limit=${PAGE_SIZES.default}`, () => stopped).then((body) => {
      if (stopped) return;
      if (!body) return setStatus('failed');
      const unviewed = body.page.cards.filter((c) => !c.viewed).map((c) => c.id);
      setCards((before) => [...before, ...body.page.cards.filter((c) => !before.some((b) => b.id === c.id))]);
      setPageInfo(body.page.pageInfo);
      setFresh((before) => new Set([...before, ...unviewed]));
      setStatus('ready');
      if (unviewed.length) {
        void postCards('viewed', unviewed);
        onViewed(unviewed.length);
      }
    });
    return () => {
      stopped = true;
    };
  }, [offset, attempt, onViewed]);

  const more = pageInfo !== null && pageInfo.offset + pageInfo.limit < pageInfo.total;
  return (
    <div className="flex flex-col gap-1" data-testid="notification-feed" aria-busy={status === 'loading'}>
      {status === 'ready' && cards.length === 0 ? <p>You have no notifications yet.</p> : null}
      {cards.length ? (
        <ul className="flex flex-col gap-0.5" aria-label="Your notifications">
          {cards.map((c) => (
            <CardView key={c.id} card={c} isNew={fresh.has(c.id)} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : null}
      {status === 'loading' ? <p role="status">Loading your notifications…</p> : null}
      {status === 'failed' ? (
        <p role="alert">
          Sorry, we could not load your notifications.{' '}
          <button type="button" className="font-semibold underline" onClick={() => setAttempt((a) => a + 1)}>
            Try again
          </button>
        </p>
      ) : null}
      {more && status === 'ready' ? (
        <button
          type="button"
          className="min-h-[44px] self-start rounded-theme border border-brand px-1 font-semibold text-brand"
          onClick={() => setOffset(pageInfo.offset + pageInfo.limit)}
        >
          Show more notifications
        </button>
      ) : null}
    </div>
  );
}
