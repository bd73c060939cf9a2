import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { ROUTE_TABLE } from './lib/route-table.ts';

// Every screen of the storefront, from the one route table; each id's capability gate is in lib/capabilities.ts.
export default ROUTE_TABLE.map((r) =>
  r.path === '' ? index(r.file, { id: r.id }) : route(r.path, r.file, { id: r.id }),
) satisfies RouteConfig;
