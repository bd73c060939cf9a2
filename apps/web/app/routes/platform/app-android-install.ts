// /app/android/install (core §2): a stable address for the install link (emails, texts, QR codes) that goes to the
// Google Play listing the configuration names (ops app:links), or 404 when there is none.
import { redirect } from 'react-router';
import { notFound } from '../../lib/route-errors.ts';
import { routeAllowed } from '../../lib/capabilities.ts';
import { loadCapabilities, loadWebConfig } from '../../lib/web-config.server.ts';
import type { Route } from './+types/app-android-install';

export async function loader({ request, context }: Route.LoaderArgs) {
  const [config, capabilities] = await Promise.all([
    loadWebConfig(context, request),
    loadCapabilities(context, request),
  ]);
  const { android } = config.appStoreLinks;
  // A resource route: the root loader's capability gate does not run for it.
  if (!android || !routeAllowed('app-android-install', capabilities)) notFound();
  // The link comes from the operator (https only, checked by app:links), never from the request.
  throw redirect(android, { status: 302, headers: { 'Cache-Control': 'private, no-cache' } });
}
