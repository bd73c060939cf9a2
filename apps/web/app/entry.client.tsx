import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { documentNonce, NonceContext } from './lib/nonce.tsx';
import { arrivalPartsReady } from './ui/deferred-part.tsx';

// Forms check the contracts' schemas in the browser too, with the house messages of spec features §5: installed by
// lib/form-validation.ts when a form first validates, so the first page loads no zod.
const nonce = documentNonce(document);

// Hydration waits for the named deferred parts the page arrived with (ui/deferred-part.tsx, ADR 107), after the route
// modules that declare them have run (the same module graph, before this microtask).
void Promise.resolve()
  .then(arrivalPartsReady)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <NonceContext.Provider value={nonce}>
            <HydratedRouter />
          </NonceContext.Provider>
        </StrictMode>,
      );
    }),
  );
