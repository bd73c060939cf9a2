// The signed-in customer's account (core §3, features §7): overview, closure, details, favourite numbers, terms,
// location and the address and email confirmations. The customer always comes from request.auth.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedResult,
  CloseAccountBody,
  ConfirmTokenBody,
  CustomerDetails,
  CustomerDetailsUpdate,
  CustomerOverview,
  FavouriteNumbers,
  FavouriteNumbersBody,
  IDENTITY_TEXTS,
  LocateResult,
  MessageOnly,
  successEnvelope,
} from '@shop/contracts';
import { ok } from '../../lib/http.ts';
import { identityHttp, type IdentityRoutesOptions } from './identity.http.ts';

export const identityAccountRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { identity } = opts;
  const { auth, customerOf, clearSessionCookies, success } = identityHttp(app, opts.config);

  routes.get(
    '/customer',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Customer overview (core §3)',
        response: { 200: successEnvelope(CustomerOverview) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await identity.profile.overview(customerOf(request), request.ctx.pricingId ?? null));
    },
  );

  routes.delete(
    '/customer',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Close the account (password required; refused while funds remain), then log out',
        body: CloseAccountBody,
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request, reply) => {
      await identity.closure.closeAccount(customerOf(request), request.body.password, request.body.reason);
      clearSessionCookies(reply);
      return ok({ done: true }, [success('account_closed', 'Your account has been closed.')]);
    },
  );

  const detailsRoute = { config: { apiVersions: ['3.2'] as const } };
  routes.get(
    '/customer/details',
    {
      ...auth,
      ...detailsRoute,
      schema: {
        tags: ['identity'],
        summary: 'Customer details (v3.2)',
        response: { 200: successEnvelope(CustomerDetails) },
      },
    },
    async (request) => ok(await identity.profile.details(customerOf(request))),
  );
  routes.post(
    '/customer/details',
    {
      ...auth,
      ...detailsRoute,
      schema: {
        tags: ['identity'],
        summary: 'Update customer details (v3.2)',
        body: CustomerDetailsUpdate,
        response: { 200: successEnvelope(CustomerDetails) },
      },
    },
    async (request) => {
      const { details, unverified } = await identity.profile.updateDetails(customerOf(request), request.body);
      return ok(details, [
        success(
          'details_updated',
          unverified ? IDENTITY_TEXTS.detailsUpdatedUnverified : IDENTITY_TEXTS.detailsUpdated,
        ),
      ]);
    },
  );

  routes.put(
    '/favourite-numbers',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Replace the favourite numbers',
        body: FavouriteNumbersBody,
        response: { 200: successEnvelope(z.object({ favouriteNumbers: FavouriteNumbers })) },
      },
    },
    async (request) =>
      ok({
        favouriteNumbers: await identity.profile.setFavouriteNumbers(
          customerOf(request),
          request.body.favouriteNumbers,
        ),
      }),
  );

  routes.post(
    '/customer/terms-and-conditions',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Accept the terms and conditions',
        response: { 200: successEnvelope(AcceptedResult) },
      },
    },
    async (request) => ok(await identity.profile.acceptTerms(customerOf(request))),
  );
  routes.post(
    '/customer/terms-and-conditions/location',
    {
      ...auth,
      schema: {
        tags: ['identity'],
        summary: 'Accept the banned-country terms',
        response: { 200: successEnvelope(AcceptedResult) },
      },
    },
    async (request) => ok(await identity.profile.acceptLocationTerms(customerOf(request))),
  );

  routes.get(
    '/locate',
    {
      schema: {
        tags: ['identity'],
        summary: "The caller's country from a local IP table, and whether it is banned",
        response: { 200: successEnvelope(LocateResult) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(identity.profile.locate(request.ip));
    },
  );

  routes.patch(
    '/customer/confirm-address',
    {
      schema: {
        tags: ['identity'],
        summary: 'Confirm the address (signed in, or with the emailed token)',
        body: ConfirmTokenBody.nullish(),
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request) => {
      await identity.profile.confirmAddress(request.auth?.customerId ?? null, request.body?.token);
      return ok({ done: true }, [success('address_confirmed', 'Thank you, your address is confirmed.')]);
    },
  );
  routes.patch(
    '/customer/confirm-email-address',
    {
      schema: {
        tags: ['identity'],
        summary: 'Confirm the email with the emailed token; signed in without a token: send the email again',
        body: ConfirmTokenBody.nullish(),
        response: { 200: successEnvelope(MessageOnly) },
      },
    },
    async (request) => {
      const outcome = await identity.profile.confirmEmail(request.auth?.customerId ?? null, request.body?.token);
      return ok({ done: true }, [
        outcome === 'confirmed'
          ? success('email_confirmed', 'Thank you, your email address is confirmed.')
          : { code: 'email_sent', text: 'We have sent you an email with a confirmation link.', level: 'info' },
      ]);
    },
  );
};
