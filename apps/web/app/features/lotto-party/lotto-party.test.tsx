// Lotto Party's storefront rules and server renders: how a refused group or session creation reads (features §5, §8),
// the route state that opens the creation modal (core §2), the invite link, the forms the actions parse, and what the
// session and order pages show in each state.
import type { LottoPartySession, SocialSyndicateSessionOrder } from '@shop/contracts';
import { LOTTO_PARTY_TEXTS } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { CreationForm, SessionForm } from './lotto-party-forms.ts';
import {
  creationRefusal,
  GROUP_PAGE_SIZE,
  groupNameProblem,
  inviteLink,
  inviteTokenOf,
  lottoGroupModalState,
  pageOf,
  readLottoGroupModalState,
  SESSION_STEPS,
  stepsFor,
} from './lotto-party-rules.ts';
import { SessionOrderView, SessionView, type BallsComponent } from './lotto-party-views.tsx';

// The route passes the tickets feature's balls; a list of the numbers stands in for them here.
const Balls: BallsComponent = ({ numbers, label }) => <span aria-label={label}>{numbers.join(' ')}</span>;

const site = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' } as const;
const aud = (amount: number) => ({ amount, currency: 'AUD' as const });

const session = (overrides: Partial<LottoPartySession> = {}): LottoPartySession => ({
  sessionId: 'lps_abc',
  groupId: 'lpg_abc',
  groupName: 'Office Party',
  status: 'open',
  autosessionStatus: 'on',
  inviteAllExistingMembers: false,
  draws: [{ drawId: 'drw_1', drawNo: 1601, drawDate: '2026-12-01T09:30:00.000Z', stop: '2026-12-01T08:00:00.000Z' }],
  productOfferKey: 'oz-lotto',
  offerName: 'Oz Lotto',
  gameType: 'standard',
  gameOffer: 'standard',
  gameOfferName: 'Standard',
  numGames: 5,
  ticketCost: aud(7.5),
  sharePrice: aud(1.5),
  numShares: 5,
  sharesSold: 2,
  sharesLeft: 3,
  closesAt: '2026-12-01T08:00:00.000Z',
  isOrganiser: false,
  isMember: true,
  myShares: 2,
  holders: [
    { name: 'Bea K.', shares: 2, isMe: true },
    { name: 'Ann K.', shares: 0, isMe: false },
  ],
  tickets: [],
  myPrizes: [],
  myRefund: null,
  nextSessionId: null,
  previousSessionId: null,
  createdAt: '2026-11-27T01:00:00.000Z',
  ...overrides,
});

describe('creation refusals (features §5, §8)', () => {
  it('profanity and a taken name are errors on the name; anything else is the generic text', () => {
    expect(creationRefusal('group', 422, 'contains_profanity')).toEqual({
      field: 'groupName',
      message: LOTTO_PARTY_TEXTS.groupNameProfane,
      generic: false,
    });
    expect(creationRefusal('group', 409, 'conflict')).toMatchObject({
      field: 'groupName',
      message: LOTTO_PARTY_TEXTS.groupNameTaken,
    });
    expect(creationRefusal('group', 500, undefined)).toEqual({
      message: 'Sorry, looks like we failed to create the group/session. Please try again.',
      generic: true,
    });
  });

  it('a 422 on a session is the closed draw, unless the API names the share price', () => {
    expect(creationRefusal('session', 422, 'draw_closed')).toMatchObject({
      field: 'drawId',
      message: LOTTO_PARTY_TEXTS.drawClosed,
    });
    expect(creationRefusal('session', 422, undefined, { sharePrice: ['Pick a price that divides'] })).toMatchObject({
      field: 'sharePrice',
      message: 'Pick a price that divides',
    });
    expect(
      creationRefusal('session', 409, 'session_exists', {}, ['This group already has a session for that draw.']),
    ).toMatchObject({ field: 'drawId', message: 'This group already has a session for that draw.' });
    expect(creationRefusal('session', 503, undefined).generic).toBe(true);
  });

  it('checks the name before posting: required and at most 50 characters', () => {
    expect(groupNameProblem('  ')).toBe(LOTTO_PARTY_TEXTS.groupNameRequired);
    expect(groupNameProblem('x'.repeat(51))).toBe(LOTTO_PARTY_TEXTS.groupNameTooLong);
    expect(groupNameProblem('x'.repeat(50))).toBeNull();
  });
});

describe('the creation modal route state (core §2)', () => {
  it('carries a flag, a group id and a group name; junk opens nothing', () => {
    expect(readLottoGroupModalState(lottoGroupModalState())).toEqual({
      lottoGroupModal: true,
      groupId: null,
      groupName: null,
    });
    const withGroup = readLottoGroupModalState(lottoGroupModalState({ id: 'lpg_x1', name: 'Friends' }));
    expect(withGroup).toEqual({ lottoGroupModal: true, groupId: 'lpg_x1', groupName: 'Friends' });
    expect(readLottoGroupModalState(null)).toBeNull();
    expect(readLottoGroupModalState({ lottoGroupModal: 'yes' })).toBeNull();
    expect(readLottoGroupModalState({ lottoGroupModal: true, groupId: '../x', groupName: 'n' })).toEqual({
      lottoGroupModal: true,
      groupId: null,
      groupName: null,
    });
  });

  it('walks the five steps in order for a new group, from the draw on for an existing one', () => {
    expect(SESSION_STEPS).toEqual([
      'name_group',
      'select_draw',
      'set_share_price',
      'select_auto_session',
      'join_session',
    ]);
    expect(stepsFor(lottoGroupModalState())).toEqual(SESSION_STEPS);
    expect(stepsFor(lottoGroupModalState({ id: 'lpg_x1', name: 'F' }))[0]).toBe('select_draw');
  });
});

describe('links, pages and forms', () => {
  it('builds the invite link on the shop origin and reads only well-formed tokens', () => {
    expect(inviteLink('https://shop.example', 'tok_ABC-123_xyz')).toBe(
      'https://shop.example/lotto-party/group?token=tok_ABC-123_xyz',
    );
    expect(inviteTokenOf('tok_ABC-123_xyz')).toBe('tok_ABC-123_xyz');
    expect(inviteTokenOf('<script>')).toBeNull();
    expect(inviteTokenOf(null)).toBeNull();
  });

  it('pages 6 groups at a time; a page parameter that is not a number is no page', () => {
    expect(GROUP_PAGE_SIZE).toBe(6);
    expect(pageOf(undefined)).toBe(1);
    expect(pageOf('3')).toBe(3);
    expect(pageOf('0')).toBeNull();
    expect(pageOf('x')).toBeNull();
  });

  it('parses the posts the actions take', () => {
    const buy = SessionForm.safeParse({ intent: 'buy', numShares: '3' });
    expect(buy.success && buy.data).toEqual({ intent: 'buy', numShares: 3 });
    expect(SessionForm.safeParse({ intent: 'buy', numShares: '0' }).success).toBe(false);
    expect(SessionForm.safeParse({ intent: 'autosession', sessionId: 'lps_a', status: 'paused' }).success).toBe(true);
    expect(SessionForm.safeParse({ intent: 'autosession', sessionId: 'lps_a', status: 'sometimes' }).success).toBe(
      false,
    );
    const made = CreationForm.safeParse({
      intent: 'session',
      groupId: 'lpg_a',
      drawId: 'drw_1',
      productOfferKey: 'oz-lotto',
      gameOffer: 'standard',
      numGames: '5',
      sharePrice: '1.5',
      autosessionStatus: 'on',
      inviteAllExistingMembers: 'false',
    });
    expect(made.success && made.data).toMatchObject({ numGames: 5, sharePrice: 1.5, inviteAllExistingMembers: false });
  });
});

describe('the session page', () => {
  const render = (s: LottoPartySession) =>
    textOf(renderHtml(<SessionView session={s} buy={null} edit={null} site={site} Balls={Balls} />));

  it('an open session shows shares sold and left, the price of a share and the buy form', () => {
    const text = render(session());
    expect(text).toContain('2 of 5 shares sold · 3 shares left · $1.50 a share');
    expect(text).toMatch(/You hold 2 shares of 5\s*\./);
    expect(text).toContain('Add shares to cart');
    expect(text).not.toContain('Autosession');
  });

  it('a paid session shows the ticket and my part of the prizes; the organiser gets the autosession switch', () => {
    const text = render(
      session({
        status: 'paid',
        sharesSold: 5,
        sharesLeft: 0,
        isOrganiser: true,
        tickets: [{ lineId: 'ln_1', sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
        myPrizes: [
          { lineId: 'ln_1', division: 3, amount: aud(200.01) },
          { lineId: 'ln_1', division: 7, amount: aud(10) },
        ],
        nextSessionId: 'lps_next',
      }),
    );
    expect(text).toContain('Drawn and paid');
    expect(text).toContain('Your part of the prizes: $210.01');
    expect(text).toContain('Game 1');
    expect(text).toContain('Autosession');
    expect(text).toContain('The next session');
    expect(text).not.toContain('Add shares to cart');
  });

  it('the order page says the spec text when the order cannot be loaded, else my purchases', () => {
    expect(
      textOf(renderHtml(<SessionOrderView order={null} error={LOTTO_PARTY_TEXTS.orderLoadFailed} site={site} />)),
    ).toContain(
      'We were unable to load your Lotto Party ticket. Please check your Lotto Party group to complete your purchase',
    );
    const order: SocialSyndicateSessionOrder = {
      socialSyndicateId: 'lps_abc',
      session: session(),
      orders: [
        { orderId: 'ord_1', shares: 2, amount: aud(3), purchasedAt: '2026-11-27T02:00:00.000Z', refunded: false },
      ],
      amountPaid: aud(3),
      amountRefunded: aud(0),
    };
    const text = textOf(renderHtml(<SessionOrderView order={order} error={null} site={site} />));
    expect(text).toContain('Lotto Party session lps_abc');
    expect(text).toMatch(/2 shares\s*: \$3\.00/);
    expect(text).not.toContain('cancelled');
  });

  it('a cancelled session tells each member what happened to their shares: refunded to the wallet', () => {
    const cancelled = { status: 'cancelled' as const, sharesSold: 2, sharesLeft: 3, myShares: 0, holders: [] };
    const mine = render(session({ ...cancelled, myRefund: { shares: 2, amount: aud(3) } }));
    expect(mine).toContain('Cancelled and refunded');
    expect(mine).toContain('This session was cancelled');
    expect(mine).toContain('Only 2 of 5 shares were sold when sales closed on');
    expect(mine).toContain('so the ticket was not bought');
    expect(mine).toMatch(/We refunded your 2 shares \(\s*\$3\.00\s*\) to your wallet\./);
    expect(mine).toContain('cancelled, every share refunded');
    expect(mine).not.toContain('shares left');
    expect(mine).not.toContain('Add shares to cart');
    // A member who bought none is told nothing was charged.
    expect(render(session({ ...cancelled, myRefund: null }))).toContain(
      'You had no shares in it, so nothing was charged.',
    );
    // Not cancelled: no notice.
    expect(render(session())).not.toContain('This session was cancelled');

    // The member's order page in the session says so too, with the amount refunded.
    const order: SocialSyndicateSessionOrder = {
      socialSyndicateId: 'lps_abc',
      session: session({ ...cancelled, myRefund: { shares: 2, amount: aud(3) } }),
      orders: [
        { orderId: 'ord_1', shares: 2, amount: aud(3), purchasedAt: '2026-11-27T02:00:00.000Z', refunded: true },
      ],
      amountPaid: aud(3),
      amountRefunded: aud(3),
    };
    const text = textOf(renderHtml(<SessionOrderView order={order} error={null} site={site} />));
    expect(text).toContain('This session was cancelled: not every share was sold when sales closed.');
    expect(text).toMatch(/\$3\.00\s*was refunded to your wallet\. No ticket was bought\./);
    expect(text).toMatch(/2 shares\s*: \$3\.00\s*\(refunded\)/);
  });
});
