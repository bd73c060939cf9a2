// Every registered route, in registration order: the hostile-input test and the docs check walk this list.
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';

export interface RouteTableEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteTableEntry[];
  }
}

const routeTablePlugin: FastifyPluginAsync = async (app) => {
  const table: RouteTableEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD twin for every GET; the GET entry already stands for it.
      if (method === 'HEAD' && table.some((r) => r.method === 'GET' && r.url === route.url)) continue;
      table.push({ method, url: route.url });
    }
  });
};

export default fp(routeTablePlugin, { name: 'route-table' });
