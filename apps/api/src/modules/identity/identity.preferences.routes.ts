// Communication preferences (v3.2; signed in or with an unsubscribe token) and the recurring purchase method.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CommunicationPreferences,
  CommunicationPreferencesUpdate,
  CommunicationPrefsOfferParams,
  CommunicationPrefsParams,
  RecurringPurchaseMethodQuery,
  RecurringPurchaseMethods,
  successEnvelope,
} from '@shop/contracts';
import { notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { identityHttp, type IdentityRoutesOptions } from './identity.http.ts';

export const identityPreferencesRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { identity } = opts;
  const { auth, customerOf, success } = identityHttp(app, opts.config);

  const prefsRoute = { config: { apiVersions: ['3.2'] as const } };
  routes.get(
    '/customer/:customerId/communication-preferences',
    {
      ...auth,
      ...prefsRoute,
      schema: {
        tags: ['identity'],
        summary: 'Communication preferences (v3.2)',
        params: CommunicationPrefsParams,
        response: { 200: successEnvelope(CommunicationPreferences) },
      },
    },
    async (request) => {
      const me = customerOf(request);
      if (request.params.customerId !== me) throw unauthorizedOther();
      return ok(await identity.preferences.communicationPreferences(me));
    },
  );
  const putPrefs = async (
    request: FastifyRequest<{
      Params: { customerId: string; productOfferKey?: string };
      Body: z.infer<typeof CommunicationPreferencesUpdate>;
    }>,
  ) =>
    ok(
      await identity.preferences.updateCommunicationPreferences(
        request.params.customerId,
        { authCustomerId: request.auth?.customerId ?? null, token: request.body.token },
        request.body.preferences,
        request.body.unsubscribeReasons,
        request.params.productOfferKey,
      ),
      [success('preferences_updated', 'Your communication preferences have been updated.')],
    );
  routes.put(
    '/customer/:customerId/communication-preferences',
    {
      ...prefsRoute,
      schema: {
        tags: ['identity'],
        summary: 'Update communication preferences (v3.2; signed in, or with an unsubscribe token)',
        params: CommunicationPrefsParams,
        body: CommunicationPreferencesUpdate,
        response: { 200: successEnvelope(CommunicationPreferences) },
      },
    },
    putPrefs,
  );
  routes.put(
    '/customer/:customerId/communication-preferences/:productOfferKey',
    {
      ...prefsRoute,
      schema: {
        tags: ['identity'],
        summary: 'Unsubscribe variant: preferences.email and unsubscribe reasons (v3.2)',
        params: CommunicationPrefsOfferParams,
        body: CommunicationPreferencesUpdate,
        response: { 200: successEnvelope(CommunicationPreferences) },
      },
    },
    putPrefs,
  );

  routes.get(
    '/customer/recurring-purchase-method',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Recurring purchase methods',
        response: { 200: successEnvelope(RecurringPurchaseMethods) },
      },
    },
    async (request) => ok(await identity.preferences.recurringPurchaseMethod(customerOf(request))),
  );
  routes.post(
    '/customer/recurring-purchase-method',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Choose the recurring purchase method (query recurring_purchase_method)',
        querystring: RecurringPurchaseMethodQuery,
        response: { 200: successEnvelope(RecurringPurchaseMethods) },
      },
    },
    async (request) =>
      ok(
        await identity.preferences.setRecurringPurchaseMethod(
          customerOf(request),
          request.query.recurringPurchaseMethod,
        ),
      ),
  );
};

/** Another customer's id in the path: answered like a missing record; nothing changes. */
function unauthorizedOther() {
  return notFound('Customer not found.', 'customer_not_found');
}
