import { describe, expect, it } from 'vitest';
import { cardToast } from './notifications-client.ts';

describe('feed cards as toasts', () => {
  it("a feed card as a toast: its first linked action, and the card's own auto-dismiss flag", () => {
    expect(
      cardToast({
        id: 'ntf_1',
        title: 'You won $4,600.00!',
        icon: 'trophy',
        message: 'Your Oz Lotto ticket won.',
        isAutoDismissed: false,
        actions: [{ id: '1', text: 'View your ticket', link: '/my-account/past-tickets/ticket/ord_1', deepLink: null }],
        hideInFeed: false,
        desktopImage: null,
        mobileImage: null,
        productLogoImage: null,
        viewed: false,
        createdAt: '2026-11-27T00:00:00.000Z',
      }),
    ).toEqual({
      id: 'card-ntf_1',
      title: 'You won $4,600.00!',
      message: 'Your Oz Lotto ticket won.',
      level: 'success',
      isAutoDismissed: false,
      action: { text: 'View your ticket', href: '/my-account/past-tickets/ticket/ord_1' },
    });
  });
});
