// The per-request CSP nonce: the server reads it from the load context, the browser from the page's own scripts.
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);

/** Browsers hide the nonce attribute after parsing but keep the `nonce` property readable by scripts. */
export function documentNonce(doc: Document): string | undefined {
  const script = doc.querySelector<HTMLScriptElement>('script[nonce]');
  return script?.nonce || undefined;
}
