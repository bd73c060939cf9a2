// Core §8/§9: "A chunk-load failure older than 24 hours after app start triggers a full reload". A tab left open
// across a deployment asks for script chunks the server no longer has; after a day that is the likely cause, and a
// reload fetches the new build. Earlier, a chunk failure is an ordinary render error (the component blanks).

export const CHUNK_RELOAD_AFTER_MS = 24 * 60 * 60 * 1000;

/** The browsers' and Vite's words for a script or stylesheet chunk that could not be fetched. */
const CHUNK_FAILURE =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|loading (css )?chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_FAILURE.test(message);
}

/** Reload only for a chunk failure, and only once the app has run for 24 hours. */
export function shouldReloadForChunkError(error: unknown, appStartedAt: number, now: number): boolean {
  return isChunkLoadError(error) && now - appStartedAt >= CHUNK_RELOAD_AFTER_MS;
}

/** When this copy of the app started (module evaluation in the browser). */
const appStartedAt = Date.now();

/** For error boundaries and the preload-error event: reloads the page when the rule says so; true when it did. */
export function reloadOnStaleChunk(error: unknown, reload: () => void = () => window.location.reload()): boolean {
  if (!shouldReloadForChunkError(error, appStartedAt, Date.now())) return false;
  reload();
  return true;
}
