// What the server gives every loader (apps/api/src/server.ts builds it per request with getLoadContext).
import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    /** Origin the SSR loaders use to reach the API in the same process, e.g. http://127.0.0.1:3000. */
    apiOrigin: string;
    /** The web app's key and signing secret: they identify the app, not a visitor, and also go to the browser. */
    appKey: string;
    appSecret: string;
    /** Per-request CSP nonce, when the server sets one. */
    cspNonce?: string;
    /** The visitor's address; server-side API calls forward it (X-Forwarded-For) so limits apply per visitor. */
    clientIp?: string;
  }
}

export {};
