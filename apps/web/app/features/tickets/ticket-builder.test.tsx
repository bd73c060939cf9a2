// Server render of the builder and the balls: the markup a screen reader and a no-JavaScript visitor get.
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import type { BuilderOffer } from './builder-offer.ts';
import { NumberBalls } from './number-balls.tsx';
import { TicketBuilder, type TicketBuilderProps } from './ticket-builder.tsx';

const site = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' } as const;

const offer: BuilderOffer = {
  key: 'oz-lotto',
  slug: 'oz-lotto',
  name: 'Oz Lotto',
  lotteryKey: 'oz-lotto',
  currency: 'AUD',
  ordered: false,
  gameTypes: [
    {
      type: 'reduced_system',
      name: 'Systems',
      gameOffers: [8, 9].map((n) => ({
        key: `system-${n}`,
        name: `System ${n}`,
        minGames: 1,
        maxGames: 5,
        defaultGames: 1,
        gamesPerLine: n === 8 ? 8 : 36,
        numberSets: [{ name: 'numbers', label: 'Numbers', from: 1, to: 47, pick: n }],
        pricePerLineCents: n === 8 ? 1240 : 5580,
        pricesCents: { 1: n === 8 ? 1240 : 5580 },
      })),
    },
  ],
  draws: [{ drawNo: 1500, stop: '2026-11-24T08:30:00Z', drawAt: '2026-11-24T09:30:00Z', purchaseStatus: 'standard' }],
  autoplay: true,
  autoplayInformation: 'Autoplay buys your entry for every draw.',
  causes: [],
};

/** A signed-in builder of Oz Lotto systems with no tabs, draw choices, favourites or error. */
const bareProps: TicketBuilderProps = {
  offer,
  gameType: 'reduced_system',
  site,
  typeLinks: [],
  drawChoices: [],
  firstDrawNo: null,
  favourites: {},
  signedIn: true,
  precart: false,
  error: null,
};

describe('ticket builder markup', () => {
  it('renders a labelled grid of toggle buttons, the system size picker, autoplay, and a form posting the ticket as JSON', () => {
    const html = renderHtml(
      <TicketBuilder
        offer={offer}
        gameType="reduced_system"
        site={site}
        typeLinks={[{ type: 'reduced_system', name: 'Systems', href: '/oz-lotto/systems' }]}
        drawChoices={[{ drawNo: 1500, label: 'Next available · Draw 1500' }]}
        firstDrawNo={null}
        favourites={{}}
        signedIn={false}
        precart={false}
        error={null}
      />,
    );
    expect(html).toMatch(/role="group" aria-labelledby="game-0-numbers-label"/);
    expect(html.match(/aria-pressed="false"/g)).toHaveLength(47);
    expect(textOf(html)).toContain('0 of 8 chosen');
    expect(textOf(html)).toContain('System 9 ($55.80)');
    expect(html).toContain('value="autoplay"');
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/name="ticket" value="\{&quot;productType&quot;:&quot;lottery_ticket&quot;/);
    expect(textOf(html)).toContain('Complete at least 1 game');
    expect(html).toMatch(/<button type="submit"[^>]*disabled/);
    expect(html).toContain('aria-live="polite"');
  });

  it('boost-buy-tickets: the treatment names the price on a full-width Add to cart and says nothing is charged yet', () => {
    const props: TicketBuilderProps = { ...bareProps, signedIn: false };
    const control = renderHtml(<TicketBuilder {...props} />);
    expect(control).toMatch(/data-cta="control"[^>]*>Add to cart<\/button>/);
    expect(textOf(control)).not.toContain('Nothing is charged');
    const treatment = renderHtml(<TicketBuilder {...props} cta="treatment" />);
    expect(treatment).toMatch(
      /aria-describedby="add-reason add-note"[^>]*data-cta="treatment"[^>]*>Add to cart · \$0\.00<\/button>/,
    );
    expect(treatment).toContain('id="add-note"');
    expect(textOf(treatment)).toContain('Nothing is charged until you check out.');
    expect(treatment.match(/data-testid="add-to-cart"/g)).toHaveLength(1);
  });

  it('an add-to-cart failure shows as an alert', () => {
    const html = renderHtml(
      <TicketBuilder
        offer={offer}
        gameType="reduced_system"
        site={site}
        typeLinks={[]}
        drawChoices={[]}
        firstDrawNo={null}
        favourites={{}}
        signedIn={false}
        precart={false}
        error="Oz Lotto draw 1500 has closed"
      />,
    );
    expect(html).toMatch(/role="alert"[^>]*>Oz Lotto draw 1500 has closed/);
  });

  it('"Schedule for later" beside Add to cart only where the route offers it; its panel when open', () => {
    const props: TicketBuilderProps = bareProps;
    expect(renderHtml(<TicketBuilder {...props} />)).not.toContain('data-testid="schedule-later"');
    const render = (t: { input: string; valid: boolean; autoplay: boolean }) => (
      <p data-testid="later-panel">{`${t.valid} ${t.autoplay} ${t.input.slice(0, 30)}`}</p>
    );
    const closed = renderHtml(<TicketBuilder {...props} later={{ open: false, render }} />);
    expect(closed).toMatch(/<button type="button"[^>]*aria-expanded="false"[^>]*data-testid="schedule-later"/);
    expect(textOf(closed)).toContain('or Schedule for later');
    expect(closed).not.toContain('later-panel');
    const open = renderHtml(<TicketBuilder {...props} later={{ open: true, render }} />);
    expect(textOf(open)).toContain('false false {"productType":"lottery_ticket');
  });

  it('balls mark matched numbers with a tick and sr-only text, not colour alone', () => {
    const html = renderHtml(<NumberBalls numbers={[3, 14, null]} matched={[14]} label="Game 1 numbers" />);
    expect(textOf(html)).toBe('3 14 ✓ matched blank');
    expect(html.match(/data-matched="true"/g)).toHaveLength(1);
  });

  it('a matched supplementary is told apart from a matched main number (Division 6 is 4 numbers, not 6)', () => {
    const html = renderHtml(
      <NumberBalls numbers={[3, 9, 30, 41]} matched={[3, 9, 30, 41]} supplementaries={[30, 41, 5]} label="Game 1" />,
    );
    expect(textOf(html)).toBe('3 ✓ matched 9 ✓ matched 30 S matched supplementary 41 S matched supplementary');
    expect(html.match(/data-matched="true"/g)).toHaveLength(2);
    expect(html.match(/data-matched="supplementary"/g)).toHaveLength(2);
  });
});
