// Customers in the back office (/api/admin/customers; docs/operators.md): search, overview, orders, tickets, wallet
// history and notes (customers.read; the overview and the search are audited reads), and support's actions
// (customers.support; each audited): unlock 2FA, force a password change, start a break, add a note, close the account
// and reopen it.
import {
  AdminActionResult,
  AdminBreakBody,
  AdminCloseBody,
  AdminCustomer,
  AdminCustomerOverview,
  AdminCustomerParams,
  AdminCustomersQuery,
  AdminList,
  AdminNote,
  AdminNoteBody,
  AdminOrder,
  AdminOrdersQuery,
  AdminPageQuery,
  AdminReopenBody,
  AdminTicket,
  AdminTransaction,
  Exclusion,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import type { BackofficeCustomers } from './backoffice.customers.ts';
import { actorOf, audited, TAGS as tags, type AdminAccess } from './backoffice.http.ts';

export interface CustomersRoutesOptions {
  access: AdminAccess;
  customers: BackofficeCustomers;
}

export const backofficeCustomersRoutes: FastifyPluginAsync<CustomersRoutesOptions> = async (
  app,
  { access, customers },
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requireOperator('customers.read');
  const params = AdminCustomerParams;

  routes.get(
    '/customers',
    {
      onRequest: read,
      schema: {
        tags,
        summary: 'Find customers by id, part of the email or of the name (closed accounts too); audited',
        querystring: AdminCustomersQuery,
        response: { 200: successEnvelope(AdminList(AdminCustomer)) },
      },
    },
    async (request) => {
      const { q, limit, offset } = request.query;
      const found = await audited(
        access,
        request,
        { action: 'customer.search', target: null, input: { q }, detail: (r) => ({ total: r.total }) },
        () => customers.search(q, { limit, offset }),
      );
      return ok(found);
    },
  );

  routes.get(
    '/customers/:customerId',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A customer's overview: details, funds, verification, limits, exclusions, 2FA; audited",
        params,
        response: { 200: successEnvelope(AdminCustomerOverview) },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      return ok(
        await audited(access, request, { action: 'customer.read', target: customerId, detail: () => ({}) }, () =>
          customers.overview(customerId),
        ),
      );
    },
  );

  routes.get(
    '/customers/:customerId/orders',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A customer's orders (upcoming or past), newest first",
        params,
        querystring: AdminOrdersQuery,
        response: { 200: successEnvelope(AdminList(AdminOrder)) },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      return ok(await customers.orders(request.params.customerId, status, { limit, offset }));
    },
  );

  routes.get(
    '/customers/:customerId/tickets',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A customer's tickets, latest draw first",
        params,
        querystring: AdminPageQuery,
        response: { 200: successEnvelope(AdminList(AdminTicket)) },
      },
    },
    async (request) => ok(await customers.tickets(request.params.customerId, request.query)),
  );

  routes.get(
    '/customers/:customerId/transactions',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "A customer's wallet transactions with their ledger lines, newest first",
        params,
        querystring: AdminPageQuery,
        response: { 200: successEnvelope(AdminList(AdminTransaction)) },
      },
    },
    async (request) => ok(await customers.transactions(request.params.customerId, request.query)),
  );

  routes.get(
    '/customers/:customerId/notes',
    {
      onRequest: read,
      schema: {
        tags,
        summary: "Operators' notes on a customer, newest first",
        params,
        querystring: AdminPageQuery,
        response: { 200: successEnvelope(AdminList(AdminNote)) },
      },
    },
    async (request) => ok(await customers.notes(request.params.customerId, request.query)),
  );

  await app.register(customerSupportRoutes, { access, customers });
};

/** Support's writes on a customer (customers.support), each audited: a note, unlock 2FA, a new password, a break,
 * closing the account. */
const customerSupportRoutes: FastifyPluginAsync<CustomersRoutesOptions> = async (app, { access, customers }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const support = access.requireOperator('customers.support');
  const params = AdminCustomerParams;

  routes.post(
    '/customers/:customerId/notes',
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Add a note to a customer; audited',
        params,
        body: AdminNoteBody,
        response: { 200: successEnvelope(AdminNote) },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      return ok(
        await audited(access, request, { action: 'customer.note', target: customerId }, () =>
          customers.addNote(customerId, request.body.body, actorOf(request)),
        ),
      );
    },
  );

  const supportAction = (
    path: string,
    action: string,
    summary: string,
    run: (id: string) => Promise<{ changed: boolean; message: string }>,
  ) =>
    routes.post(
      `/customers/:customerId/${path}`,
      {
        onRequest: support,
        schema: { tags, summary, params, response: { 200: successEnvelope(AdminActionResult) } },
      },
      async (request) => {
        const { customerId } = request.params;
        return ok(await audited(access, request, { action, target: customerId }, () => run(customerId)));
      },
    );
  supportAction('unlock-2fa', 'customer.unlock_2fa', "Lift a customer's two-factor lock; audited", (id) =>
    customers.unlockTwoFactor(id),
  );
  supportAction(
    'force-password-change',
    'customer.force_password_change',
    'Make a customer choose a new password at their next sign-in; audited',
    (id) => customers.forcePasswordChange(id),
  );

  routes.post(
    '/customers/:customerId/close',
    {
      onRequest: support,
      schema: {
        tags,
        summary: 'Close the account with a reason: no more sign-in or purchases; the balance stays as it is; audited',
        params,
        body: AdminCloseBody,
        response: { 200: successEnvelope(AdminActionResult) },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      const { reason } = request.body;
      return ok(
        await audited(access, request, { action: 'customer.close', target: customerId, input: { reason } }, () =>
          customers.closeAccount(customerId, reason),
        ),
      );
    },
  );

  routes.post(
    '/customers/:customerId/reopen',
    {
      onRequest: support,
      schema: {
        tags,
        summary:
          'Reopen a closed account with a reason (refused while a self-exclusion is in force); audited with before/after',
        params,
        body: AdminReopenBody,
        response: { 200: successEnvelope(AdminActionResult) },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      const { reason } = request.body;
      const r = await audited(
        access,
        request,
        {
          action: 'customer.reopen',
          target: customerId,
          input: { reason },
          detail: (d) => ({ changed: d.changed, before: d.before, after: d.changed ? d.after : d.before }),
        },
        () => customers.reopenAccount(customerId),
      );
      return ok({ changed: r.changed, message: r.message });
    },
  );

  routes.post(
    '/customers/:customerId/break',
    {
      onRequest: support,
      schema: {
        tags,
        summary: "Start a break (take a break) on the customer's request: 1, 2, 7, 14, 28 or 42 days; audited",
        params,
        body: AdminBreakBody,
        response: { 200: successEnvelope(Exclusion) },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      const { days } = request.body;
      return ok(
        await audited(access, request, { action: 'customer.break', target: customerId, input: { days } }, () =>
          customers.startBreak(customerId, days),
        ),
      );
    },
  );
};
