import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_AFTER_MS, isChunkLoadError, shouldReloadForChunkError } from './chunk-reload.ts';

const chromeChunk = new TypeError(
  'Failed to fetch dynamically imported module: https://shop.example/assets/play-screen-Ab12.js',
);
const firefoxChunk = new TypeError('error loading dynamically imported module: https://shop.example/assets/x.js');
const safariChunk = new TypeError('Importing a module script failed.');
const cssChunk = new Error('Unable to preload CSS for /assets/cart-9f.css');
const start = Date.UTC(2026, 0, 1);

describe('chunk-load failure → full reload after 24 hours (core §8, §9)', () => {
  it('recognises chunk failures of Chrome, Firefox, Safari and Vite, and nothing else', () => {
    for (const e of [
      chromeChunk,
      firefoxChunk,
      safariChunk,
      cssChunk,
      Object.assign(new Error('x'), { name: 'ChunkLoadError' }),
    ])
      expect(isChunkLoadError(e)).toBe(true);
    for (const e of [new TypeError("Cannot read properties of undefined (reading 'x')"), 'Failed to fetch', null, {}])
      expect(isChunkLoadError(e)).toBe(false);
  });

  it('reloads for a chunk failure from 24 hours after the app started, not before', () => {
    expect(shouldReloadForChunkError(chromeChunk, start, start + CHUNK_RELOAD_AFTER_MS - 1)).toBe(false);
    expect(shouldReloadForChunkError(chromeChunk, start, start + CHUNK_RELOAD_AFTER_MS)).toBe(true);
    expect(shouldReloadForChunkError(safariChunk, start, start + 3 * CHUNK_RELOAD_AFTER_MS)).toBe(true);
  });

  it('never reloads for another render error, however old the app', () => {
    expect(shouldReloadForChunkError(new Error('boom'), start, start + 10 * CHUNK_RELOAD_AFTER_MS)).toBe(false);
  });
});
