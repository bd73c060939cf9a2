import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { ROUTE_TABLE } from './lib/route-table.ts';

// Every screen of the storefront, from the one route table; each id's capability gate is in lib/capabilities.ts.
// Then the back office (issue 21, docs/back-office.md): its own frame and code, never linked from the storefront.
export default [
  ...ROUTE_TABLE.map((r) => (r.path === '' ? index(r.file, { id: r.id }) : route(r.path, r.file, { id: r.id }))),
  route('back-office', 'routes/back-office/frame.tsx', { id: 'back-office' }, [
    route('sign-in', 'routes/back-office/sign-in.tsx', { id: 'back-office-sign-in' }),
    route('sign-out', 'routes/back-office/sign-out.tsx', { id: 'back-office-sign-out' }),
    layout('routes/back-office/signed-in.tsx', { id: 'back-office-signed-in' }, [
      index('routes/back-office/home.tsx', { id: 'back-office-home' }),
      route('dashboard', 'routes/back-office/dashboard.tsx', { id: 'back-office-dashboard' }),
      route('account', 'routes/back-office/account.tsx', { id: 'back-office-account' }),
      route('customers', 'routes/back-office/customers.tsx', { id: 'back-office-customers' }),
      route('customers/:customerId', 'routes/back-office/customer.tsx', { id: 'back-office-customer' }),
      route('customers/:customerId/documents', 'routes/back-office/documents.tsx', { id: 'back-office-documents' }),
      route('customers/:customerId/documents/:documentId', 'routes/back-office/document-file.tsx', {
        id: 'back-office-document-file',
      }),
      route('verifications', 'routes/back-office/verifications.tsx', { id: 'back-office-verifications' }),
      route('withdrawals', 'routes/back-office/withdrawals.tsx', { id: 'back-office-withdrawals' }),
      route('deposits', 'routes/back-office/deposits.tsx', { id: 'back-office-deposits' }),
      route('adjustments', 'routes/back-office/adjustments.tsx', { id: 'back-office-adjustments' }),
      route('ledger', 'routes/back-office/ledger.tsx', { id: 'back-office-ledger' }),
      route('ledger/csv', 'routes/back-office/ledger-csv.tsx', { id: 'back-office-ledger-csv' }),
      route('draws', 'routes/back-office/draws.tsx', { id: 'back-office-draws' }),
      route('offers', 'routes/back-office/offers.tsx', { id: 'back-office-offers' }),
      route('prices', 'routes/back-office/prices.tsx', { id: 'back-office-prices' }),
      route('promotions', 'routes/back-office/promotions.tsx', { id: 'back-office-promotions' }),
      route('campaigns', 'routes/back-office/campaigns.tsx', { id: 'back-office-campaigns' }),
      route('operators', 'routes/back-office/operators.tsx', { id: 'back-office-operators' }),
      route('audit', 'routes/back-office/audit.tsx', { id: 'back-office-audit' }),
      route('feedback', 'routes/back-office/feedback.tsx', { id: 'back-office-feedback' }),
      route('content', 'routes/back-office/content.tsx', { id: 'back-office-content' }),
      route('content/:collection', 'routes/back-office/content-items.tsx', { id: 'back-office-content-items' }),
      route('content/:collection/:id', 'routes/back-office/content-item.tsx', { id: 'back-office-content-item' }),
      route('translations', 'routes/back-office/translations.tsx', { id: 'back-office-translations' }),
    ]),
  ]),
] satisfies RouteConfig;
