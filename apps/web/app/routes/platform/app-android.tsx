// /app/android (core §2, outside the base layout; native-app capability): the Android app's download page. Without
// a Google Play link in the configuration there is no app to offer: 404.
import { AndroidAppPage } from '../../features/native-app/android-app.tsx';
import { notFound } from '../../lib/route-errors.ts';
import { loadWebConfig } from '../../lib/web-config.server.ts';
import type { Route } from './+types/app-android';

export const handle = { layout: 'bare' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const config = await loadWebConfig(context, request);
  if (!config.appStoreLinks.android) notFound();
  return { siteName: config.siteName, iosLink: config.appStoreLinks.ios };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `${data.siteName} for Android` : 'Android app' }];
}

export default function AppAndroid({ loaderData }: Route.ComponentProps) {
  return <AndroidAppPage siteName={loaderData.siteName} iosLink={loaderData.iosLink} />;
}
