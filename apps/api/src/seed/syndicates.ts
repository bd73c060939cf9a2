// Demo syndicates (issue 16): Oz Lotto and Powerball each run a standing syndicate; the schedule (shop task
// `syndicates`, docs/syndicates.md) keeps one on sale for each of the next two draws, so a demo left running for days
// always shows them. Prices divide to the cent: Oz Lotto 2 × System 10 = 240 games × $1.55 = $372 + $28 fee = 50 ×
// $8.00; Powerball System 10 = 120 games × $1.20 = $144 + $16 fee = 40 × $4.00.
import type { SyndicateTemplate } from '../modules/syndicates/syndicates.service.ts';

export const DEMO_SYNDICATES: SyndicateTemplate[] = [
  {
    offerKey: 'oz-lotto',
    shares: 50,
    tickets: [
      { gameType: 'system', size: 10 },
      { gameType: 'system', size: 10 },
    ],
    feeCents: 2800,
    drawsAhead: 2,
  },
  { offerKey: 'powerball', shares: 40, tickets: [{ gameType: 'system', size: 10 }], feeCents: 1600, drawsAhead: 2 },
];
