// The placement service (spec features §3 Placements, §7 Placement API): offers placed around the cart, such as the
// pre_cart_item suggestions of the precart drawer.
import { Placement } from '@shop/contracts';
import type { ApiClient } from '../../lib/api-client.ts';

/** GET /placement (features §7): 204, a failure or a 5xx yields no placements (features §8). */
export async function placements(api: ApiClient, keys: string[]): Promise<Placement[]> {
  try {
    const res = await api.get<unknown>('main', '/placement', { query: { keys: keys.join(',') }, cache: false });
    if (res.status === 204 || res.result == null) return [];
    return Placement.array().safeParse(res.result).data ?? [];
  } catch (error) {
    console.error(`[web] placements unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}
