// Public face of @shop/api: build the services (the composition root) and the app on them (server.ts listens), and
// sign requests the way the API checks them.
export { buildApp, buildWebApp, type BuildAppOptions, type BuildWebAppOptions } from './app.ts';
export { signRequest, signaturePayload, signatureMatches, unixSeconds, type SignatureInput } from './lib/signature.ts';
export { loadConfig, type AppConfig } from './env.ts';
export { createServices, type Providers, type Services, type ServicesOptions } from './services.ts';
