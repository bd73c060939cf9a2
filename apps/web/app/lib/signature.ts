// Request signing of spec core §7: hex HMAC-SHA256(secret, `${timestamp}${appKey}${customerToken ?? ''}`).
// WebCrypto exists in browsers and in Node >= 20, so one implementation serves SSR and the browser.
// The web app's secret identifies the app, not a user: it ships to browsers by design.

const keyCache = new Map<string, Promise<CryptoKey>>();

function importKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    keyCache.set(secret, key);
  }
  return key;
}

export function signaturePayload(timestamp: number, appKey: string, customerToken?: string | null): string {
  return `${timestamp}${appKey}${customerToken ?? ''}`;
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await importKey(secret);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function signRequest(
  secret: string,
  timestamp: number,
  appKey: string,
  customerToken?: string | null,
): Promise<string> {
  return hmacSha256Hex(secret, signaturePayload(timestamp, appKey, customerToken));
}
