// The play screen offers "Schedule for later" only where the screen it leads to (a scheduled purchase, gated by
// viewing orders) is available; a refused schedule post opens the panel with its messages.
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Capability } from '@shop/contracts';
import type { OfferView } from '../../features/lotteries/lotteries.wire.ts';
import type { BuilderOffer } from '../../features/tickets/builder-offer.ts';
import { shellFixture } from '../../test-support/shell-fixture.ts';
import { textOf } from '../../test-support/render.tsx';
import { serverPartsReady } from '../../ui/deferred-part.tsx';
import { PlayScreen } from './play-screen.tsx';
import type { PlayScreenData, PlayScreenResult } from './play-screen.server.ts';

const draw = {
  drawId: 'drw_1',
  drawNo: 1500,
  stop: '2026-12-01T08:30:00Z',
  drawAt: '2026-12-01T09:30:00Z',
  prizePoolCents: 1_000_000_00,
  currency: 'AUD' as const,
  prizePoolSuffix: null,
  isPrizePoolUnknown: false,
  purchaseStatus: 'standard',
};
const offerView: OfferView = {
  key: 'oz-lotto',
  type: 'lottery_ticket',
  name: 'Oz Lotto',
  slug: 'oz-lotto',
  aliases: [],
  available: true,
  suspended: false,
  displayCategory: 'lotto',
  ranking: 0,
  currency: 'AUD',
  draws: [draw],
  gameTypes: [],
  restrictions: [],
  syndicate: null,
};
const builderOffer: BuilderOffer = {
  key: 'oz-lotto',
  slug: 'oz-lotto',
  name: 'Oz Lotto',
  lotteryKey: 'oz-lotto',
  currency: 'AUD',
  ordered: false,
  gameTypes: [
    {
      type: 'standard',
      name: 'Standard',
      gameOffers: [
        {
          key: 'standard',
          name: 'Standard',
          minGames: 1,
          maxGames: 50,
          defaultGames: 18,
          gamesPerLine: 1,
          numberSets: [{ name: 'numbers', label: 'Numbers', from: 1, to: 47, pick: 7 }],
          pricePerLineCents: 155,
          pricesCents: { 1: 155 },
        },
      ],
    },
  ],
  draws: [{ drawNo: 1500, stop: draw.stop, drawAt: draw.drawAt, purchaseStatus: 'standard' }],
  autoplay: true,
  autoplayInformation: null,
  causes: [],
};

const screen = (signedIn: boolean): PlayScreenData => ({
  offer: offerView,
  selectedDrawNo: 1500,
  now: '2026-11-25T01:00:00.000Z',
  gameTypeInPath: false,
  builder: {
    offer: builderOffer,
    gameType: 'standard',
    firstDrawNo: null,
    favourites: {},
    signedIn,
    now: '2026-11-25T01:00:00.000Z',
    scheduleKey: signedIn ? 'page-key-0123456789abcdef' : null,
  },
});

function render(capabilities: Capability[], data: PlayScreenData, result?: PlayScreenResult) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        element: <Outlet />,
        children: [{ index: true, element: <PlayScreen data={data} result={result} /> }],
      },
    ],
    { initialEntries: ['/'], hydrationData: { loaderData: { root: { shell: shellFixture({ capabilities }) } } } },
  );
  return renderToString(<RouterProvider router={router} />);
}

describe('Schedule for later on the play screen', () => {
  // The panel is a deferred part: rendered in place once its module is loaded, as entry.server.tsx waits for it.
  beforeAll(() => serverPartsReady());

  it('is offered beside Add to cart only with the scheduled purchase screen’s capability (viewing orders)', () => {
    expect(render(['commercial_lotteries', 'view_orders'], screen(true))).toContain('data-testid="schedule-later"');
    expect(render(['commercial_lotteries'], screen(true))).not.toContain('data-testid="schedule-later"');
  });

  it('after a refused post the panel is open with its messages and the key to send next', () => {
    const html = render(['commercial_lotteries', 'view_orders'], screen(true), {
      schedule: {
        idempotencyKey: 'next-key-0123456789abcdef',
        result: { status: 'error', error: { scheduledAt: ['Choose a time in the future.'] } },
      },
    });
    expect(textOf(html)).toContain('Choose a time in the future.');
    expect(html).toContain('name="idempotencyKey" value="next-key-0123456789abcdef"');
    expect(html).toContain('min="2026-11-25"');
  });
});
