// The Idempotency-Key a page view's money form keeps: the first one its loader gave, not a new one at every
// revalidation (a fetcher anywhere on the page, answering the cookie banner, re-runs the loaders). A key that changed
// under the form re-keyed the deposit form, which lost the amount being typed, and let a submit repeated across a
// revalidation carry a second key, so the server could not tell it was the same deposit or purchase.
import { useState } from 'react';

export function usePageKey<K extends string | Record<string, string>>(loaderKey: K): K {
  return useState(loaderKey)[0];
}
