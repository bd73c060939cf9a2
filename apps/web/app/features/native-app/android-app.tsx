// The native app's Android download page (core §2 /app/android; features §6 "App-store buttons show only with
// native-app capability"). The store links come from the configuration (ops app:links).
import { Link } from 'react-router';

export const ANDROID_APP_PATH = '/app/android';
export const ANDROID_INSTALL_PATH = '/app/android/install';

export function AndroidAppPage({ siteName, iosLink }: { siteName: string; iosLink: string | null }) {
  return (
    <section className="page-container flex flex-col items-start gap-1 py-2" aria-labelledby="android-app">
      <h1 id="android-app" className="text-3xl font-extrabold text-brand">
        {siteName} for Android
      </h1>
      <p className="max-w-prose text-lg">
        Buy lottery and raffle tickets, check results and manage your account from your Android phone. Install the app
        from Google Play and log in with your {siteName} account.
      </p>
      <a href={ANDROID_INSTALL_PATH} className="btn btn-primary" data-testid="android-install">
        Get it on Google Play
      </a>
      {iosLink ? (
        <p>
          On an iPhone?{' '}
          <a href={iosLink} className="underline" rel="noopener noreferrer" target="_blank">
            Download on the App Store<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      <p className="text-sm">
        <Link to="/" className="underline">
          Keep playing on the website
        </Link>
      </p>
    </section>
  );
}
