// The back office's API (/api/admin; docs/operators.md): sign-in and out, the signed-in operator, operator accounts
// and the audit log. Its own authentication (operator session tokens), never the customer API's.
import {
  AuditEntry,
  CreatedOperator,
  CreateOperatorBody,
  Operator,
  OperatorLoginBody,
  OperatorParams,
  OperatorPasswordBody,
  OperatorPasswordChanged,
  OperatorSession,
  OperatorStatusChange,
  PaginationQuery,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import { operatorOf, sessionTokenOf, type RequireOperator } from './operators.http.ts';
import { operatorView, type OperatorsService } from './operators.service.ts';

export interface OperatorsRoutesOptions {
  operators: OperatorsService;
  requireOperator: RequireOperator;
}

export const operatorsRoutes: FastifyPluginAsync<OperatorsRoutesOptions> = async (
  app,
  { operators, requireOperator },
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['back office'];

  routes.post(
    '/session',
    {
      schema: {
        tags,
        summary: 'Sign in to the back office: email, password and the authenticator code',
        body: OperatorLoginBody,
        response: { 200: successEnvelope(OperatorSession) },
      },
    },
    async (request) => ok(await operators.login(request.body, request.ip)),
  );

  routes.delete(
    '/session',
    {
      onRequest: requireOperator(null),
      schema: {
        tags,
        summary: 'Sign out (the session token stops working at once)',
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await operators.logout(sessionTokenOf(request), { actor: operatorOf(request).publicId, ip: request.ip });
      return ok(null);
    },
  );

  routes.get(
    '/me',
    {
      onRequest: requireOperator(null),
      schema: { tags, summary: 'The signed-in operator', response: { 200: successEnvelope(Operator) } },
    },
    async (request) => ok(operatorView(operatorOf(request))),
  );

  routes.post(
    '/me/password',
    {
      onRequest: requireOperator(null),
      schema: {
        tags,
        summary: "Change one's own password (the current one, then a new one); one's other sessions end; audited",
        body: OperatorPasswordBody,
        response: { 200: successEnvelope(OperatorPasswordChanged) },
      },
    },
    async (request) =>
      ok(
        await operators.changePassword(sessionTokenOf(request), request.body, {
          actor: operatorOf(request).publicId,
          ip: request.ip,
        }),
      ),
  );

  routes.get(
    '/operators',
    {
      onRequest: requireOperator('operators.manage'),
      schema: { tags, summary: 'Every operator account', response: { 200: successEnvelope(z.array(Operator)) } },
    },
    async () => ok(await operators.list()),
  );

  routes.post(
    '/operators',
    {
      onRequest: requireOperator('operators.manage'),
      schema: {
        tags,
        summary: 'Create an operator; the answer carries their authenticator secret, shown once',
        body: CreateOperatorBody,
        response: { 200: successEnvelope(CreatedOperator) },
      },
    },
    async (request) =>
      ok(await operators.create(request.body, { actor: operatorOf(request).publicId, ip: request.ip })),
  );

  for (const [verb, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const)
    routes.post(
      `/operators/:operatorId/${verb}`,
      {
        onRequest: requireOperator('operators.manage'),
        schema: {
          tags,
          summary:
            verb === 'disable'
              ? "Disable an operator: their sessions end at once and sign-in is refused (never one's own); audited"
              : 'Re-enable a disabled operator (they sign in again with password and code); audited',
          params: OperatorParams,
          response: { 200: successEnvelope(OperatorStatusChange) },
        },
      },
      async (request) =>
        ok(
          await operators.setStatus(request.params.operatorId, status, {
            actor: operatorOf(request).publicId,
            ip: request.ip,
          }),
        ),
    );

  routes.post(
    '/operators/:operatorId/reset-authenticator',
    {
      onRequest: requireOperator('operators.manage'),
      schema: {
        tags,
        summary:
          "Give an operator a new authenticator secret, shown once (the old codes stop working, their sessions end; never one's own); audited",
        params: OperatorParams,
        response: { 200: successEnvelope(CreatedOperator) },
      },
    },
    async (request) =>
      ok(
        await operators.resetAuthenticator(request.params.operatorId, {
          actor: operatorOf(request).publicId,
          ip: request.ip,
        }),
      ),
  );

  routes.get(
    '/audit',
    {
      onRequest: requireOperator('audit.read'),
      schema: {
        tags,
        summary: 'The audit log, newest first',
        querystring: PaginationQuery,
        response: { 200: paginatedEnvelope(AuditEntry) },
      },
    },
    async (request) => {
      const { items, total } = await operators.auditLog(request.query);
      return pageOf(items, total, request.query, request.url);
    },
  );
};
