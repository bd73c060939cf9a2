import { describe, expect, it } from 'vitest';
import { errorEnvelope, fakeApiClient, formDataOf, ok, type createFakeApi } from '../../test-support/fake-api.ts';
import { submitLimitForm, submitPrecommitmentForm } from './limit-actions.server.ts';
import type { RgSite } from './rg.server.ts';

const SITE: RgSite = { currency: 'AUD', locale: 'en-AU', timeZone: 'Australia/Sydney' };
const money = (amount: number) => ({ amount, currency: 'AUD' });
const limit = (period: string, amount: number) => ({
  id: `lim_${period}`,
  period,
  limit: money(amount),
  amountSpent: money(0),
  remaining: money(amount),
  pendingLimit: null,
  pendingRemoval: false,
  pendingFrom: null,
  periodStart: '2026-11-20T13:00:00.000Z',
  periodEnd: '2026-11-21T13:00:00.000Z',
});
const limits = (customerLimits: unknown[]) => ({
  availablePeriods: ['daily', 'weekly', 'monthly'],
  customerLimits,
  systemLimits: [],
  coolingOffDays: 7,
  spendLimitRequired: false,
});
const change = (applied: string) => ({ limit: null, applied, message: 'ok' });

const setup = fakeApiClient;
const form = formDataOf;

const writes = (fake: ReturnType<typeof createFakeApi>) => fake.requests.filter((r) => r.method !== 'GET');

describe('spend-limit form posts', () => {
  it('refuses three decimals, negatives and absurd amounts on the field and calls nothing', async () => {
    const { api, fake } = setup({});
    for (const [limitText, message] of [
      ['1.505', 'Amount must follow format e.g: 1.50'],
      ['-5', 'Please enter an amount equal to or greater than $0.01.'],
      ['2000000', 'Please enter an amount equal to or less than $1,000,000.00.'],
    ] as const) {
      const outcome = await submitLimitForm(
        api,
        SITE,
        form({ intent: 'spend', formId: 'spend-daily', period: 'daily', limit: limitText }),
        null,
      );
      expect(outcome).toEqual({
        state: {
          form: 'spend-daily',
          fieldErrors: { limit: [message] },
          generalErrors: [],
          values: { limit: limitText },
        },
        status: 422,
      });
    }
    expect(writes(fake)).toEqual([]);
  });

  it('creates a new limit with POST and changes an existing one with PUT (form body)', async () => {
    const { api, fake } = setup({
      'GET /api/v2/spend-limits': () => ok(limits([limit('weekly', 20)])),
      'POST /api/v2/spend-limits/daily': () => ok(change('now')),
      'PUT /api/v2/spend-limits/weekly': () => ok(change('after_cooling_off')),
    });
    await expect(
      submitLimitForm(api, SITE, form({ intent: 'spend', period: 'daily', limit: '50' }), null),
    ).resolves.toEqual({
      redirectTo: '/my-account/spend-limits?notice=spendLimitUpdated',
    });
    await expect(
      submitLimitForm(api, SITE, form({ intent: 'spend', period: 'weekly', limit: '100' }), null),
    ).resolves.toEqual({
      redirectTo: '/my-account/spend-limits?notice=spendLimitRaisePending',
    });
    const [post, put] = writes(fake);
    expect(post?.body).toBe('limit=50.00');
    expect(post?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(put?.method).toBe('PUT');
    expect(put?.body).toBe('limit=100.00');
  });

  it('goes back to the cart with the notice when the cart sent the customer', async () => {
    const { api } = setup({
      'GET /api/v2/spend-limits': () => ok(limits([])),
      'POST /api/v2/spend-limits/daily': () => ok(change('now')),
    });
    await expect(
      submitLimitForm(api, SITE, form({ intent: 'spend', period: 'daily', limit: '5' }), 'cart'),
    ).resolves.toEqual({
      redirectTo: '/cart',
      toast: 'Your spend limit has been updated. You can continue with your cart.',
    });
  });

  it('shows the first server message when removing a limit answers 422, and just reloads on a 404', async () => {
    const { api } = setup({
      'DELETE /api/v2/spend-limits/lim_daily': () =>
        errorEnvelope(422, {
          error: ['Your limit is already being removed.'],
          messages: [{ code: 'removal_pending', text: 'Your limit is already being removed.', level: 'error' }],
        }),
    });
    await expect(
      submitLimitForm(api, SITE, form({ intent: 'remove-spend', formId: 'spend-daily', id: 'lim_daily' }), null),
    ).resolves.toEqual({
      state: {
        form: 'spend-daily',
        fieldErrors: {},
        generalErrors: ['Your limit is already being removed.'],
        values: {},
      },
      status: 422,
    });
    await expect(submitLimitForm(api, SITE, form({ intent: 'remove-spend', id: 'lim_other' }), null)).resolves.toEqual({
      redirectTo: '/my-account/spend-limits',
    });
  });

  it('saves a deposit limit and lands on the deposit section with its toast', async () => {
    const { api, fake } = setup({ 'PUT /api/v2/deposit-limits/weekly': () => ok(change('now')) });
    await expect(
      submitLimitForm(api, SITE, form({ intent: 'deposit', period: 'weekly', limit: '250' }), null),
    ).resolves.toEqual({
      redirectTo: '/my-account/spend-limits#deposit',
      toast: 'Your deposit limit has been updated.',
    });
    expect(writes(fake)[0]?.body).toBe('limit=250.00');
  });

  it('puts an API field error under the amount', async () => {
    const { api } = setup({
      'GET /api/v2/spend-limits': () => ok(limits([])),
      'POST /api/v2/spend-limits/monthly': () =>
        errorEnvelope(422, { errors: { limit: ['Please enter an amount equal to or less than $1,000,000.00.'] } }),
    });
    const outcome = await submitLimitForm(
      api,
      SITE,
      form({ intent: 'spend', formId: 'spend-monthly', period: 'monthly', limit: '999999' }),
      null,
    );
    expect(outcome).toEqual({
      state: {
        form: 'spend-monthly',
        fieldErrors: { limit: ['Please enter an amount equal to or less than $1,000,000.00.'] },
        generalErrors: [],
        values: { limit: '999999' },
      },
      status: 422,
    });
  });
});

describe('pre-commitment form posts', () => {
  it('saves limit and period, and checks both first', async () => {
    const { api, fake } = setup({ 'POST /api/v2/precommitment': () => ok(change('now')) });
    await expect(
      submitPrecommitmentForm(api, SITE, form({ intent: 'save', limit: '300', period: 'weekly' })),
    ).resolves.toEqual({
      redirectTo: '/my-account/precommitment-limit?notice=precommitmentUpdated',
    });
    expect(writes(fake)[0]?.body).toBe('limit=300.00&period=weekly');
    const bad = await submitPrecommitmentForm(api, SITE, form({ intent: 'save', limit: '1.999', period: 'yearly' }));
    expect(bad).toMatchObject({
      state: {
        fieldErrors: {
          limit: ['Amount must follow format e.g: 1.50'],
          period: ['Please choose a daily, weekly or monthly limit.'],
        },
      },
      status: 422,
    });
    expect(writes(fake)).toHaveLength(1);
  });
});
