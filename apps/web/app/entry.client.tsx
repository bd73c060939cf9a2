import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { documentNonce, NonceContext } from './lib/nonce.tsx';

// Forms check the contracts' schemas in the browser too, with the house messages of spec features §5: installed by
// lib/form-validation.ts when a form first validates, so the first page loads no zod.
const nonce = documentNonce(document);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext.Provider value={nonce}>
        <HydratedRouter />
      </NonceContext.Provider>
    </StrictMode>,
  );
});
