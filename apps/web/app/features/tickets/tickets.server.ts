// Server side of the tickets pages and favourite numbers (features §7 Orders API, PUT /favourite-numbers): the
// customer's orders as upcoming and past tickets, one order, everything upcoming for printing, and the favourites.
import { Order, type FavouriteNumbers } from '@shop/contracts';
import { data, type AppLoadContext } from 'react-router';
import { ApiError } from '../../lib/api-errors.ts';
import { requireCustomer } from '../../lib/auth.server.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';

export const TICKETS_PAGE_SIZE = 10;
export type TicketsStatus = 'upcoming_products' | 'past_products';

export function pageOf(param: string | undefined): number | null {
  if (param === undefined) return 1;
  if (!/^[0-9]{1,6}$/.test(param)) return null;
  const n = Number(param);
  return n >= 1 ? n : null;
}

function ordersError(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 422))
    return data({}, { status: 404 });
  return toRouteError(error);
}

export async function loadOrdersPage(
  request: Request,
  context: AppLoadContext,
  status: TicketsStatus,
  pageParam: string | undefined,
) {
  const page = pageOf(pageParam);
  if (page === null) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.get<unknown>('main', '/orders', {
      query: { status, limit: TICKETS_PAGE_SIZE, offset: (page - 1) * TICKETS_PAGE_SIZE },
      version: '3.3',
      cache: false,
    });
    const orders = Order.array().safeParse(res.result ?? []);
    if (!orders.success)
      throw new ApiError({
        status: 422,
        url: '/orders',
        message: 'invalid-response: GET /orders',
        reason: 'invalid_response',
      });
    if (page > 1 && orders.data.length === 0) notFound();
    const total = res.pageInfo?.total ?? null;
    const hasNext =
      total !== null
        ? (page - 1) * TICKETS_PAGE_SIZE + orders.data.length < total
        : orders.data.length === TICKETS_PAGE_SIZE;
    return data(
      { orders: orders.data, page, hasNext, now: new Date().toISOString() },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw ordersError(error);
  }
}

const ORDER_ID = /^ord_[A-Za-z0-9]+$/;

export async function loadOrder(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!id || !ORDER_ID.test(id)) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.get<unknown>('main', `/orders/${id}`, {
      query: { show_details: 'true' },
      version: '3.3',
      cache: false,
    });
    const order = Order.safeParse(res.result);
    if (!order.success)
      throw new ApiError({
        status: 422,
        url: '/orders/{id}',
        message: 'invalid-response: GET /orders/{id}',
        reason: 'invalid_response',
      });
    return data(
      { order: order.data, now: new Date().toISOString() },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw ordersError(error);
  }
}

/** The print layout's orders: the upcoming ones (up to PRINT_MAX_ORDERS) with their tickets. */
export const PRINT_MAX_ORDERS = 50;

export async function loadAllUpcoming(request: Request, context: AppLoadContext) {
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.get<unknown>('main', '/orders', {
      query: { status: 'upcoming_products', limit: PRINT_MAX_ORDERS, offset: 0 },
      version: '3.3',
      cache: false,
    });
    const list = Order.array().safeParse(res.result ?? []);
    if (!list.success)
      throw new ApiError({
        status: 422,
        url: '/orders',
        message: 'invalid-response: GET /orders',
        reason: 'invalid_response',
      });
    const orders = await Promise.all(
      list.data.map(async (o) => {
        const one = await auth.api.get<unknown>('main', `/orders/${o.id}`, {
          query: { show_details: 'true' },
          version: '3.3',
          cache: false,
        });
        return Order.safeParse(one.result).data ?? o;
      }),
    );
    return data(
      { orders, now: new Date().toISOString() },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw ordersError(error);
  }
}

// ---- favourite numbers (features §5; identity PUT /favourite-numbers) ----

export async function loadFavourites(request: Request, context: AppLoadContext) {
  const { auth, customer } = await requireCustomer(request, context);
  return { auth, favourites: customer.favouriteNumbers };
}

export async function saveFavourites(request: Request, context: AppLoadContext, favourites: FavouriteNumbers) {
  const { auth } = await requireCustomer(request, context);
  try {
    await auth.api.put<unknown>('main', '/favourite-numbers', { favouriteNumbers: favourites });
    return { ok: true as const, headers: auth.headers() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      return { ok: false as const, fieldErrors: error.fieldErrors, message: error.message, headers: auth.headers() };
    }
    throw toRouteError(error);
  }
}
