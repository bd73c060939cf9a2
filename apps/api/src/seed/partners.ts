// The demo partner (issue 19): a charity whose supporters buy its prize home raffle at /purchase/kids-hospital, in
// the partner's colours, without the shop's header and footer.
import type { NewPartner } from '../modules/partners/index.ts';
import { RAFFLE_SEED } from '../modules/raffles/index.ts';

export const DEMO_PARTNER: NewPartner = {
  slug: 'kids-hospital',
  key: 'kids_hospital',
  name: "Children's Hospital Foundation",
  channels: ['kids_hospital_web'],
  offers: [RAFFLE_SEED.prizeHome],
  commissionBps: 1000,
  primaryColour: '#0b4f7c',
  accentColour: '#f2b705',
  logoUrl: null,
  websiteUrl: null,
};
