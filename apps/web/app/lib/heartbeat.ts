// Keep-alive (spec core §1, §7, §9): while the visitor was active within the session idle window, and only when the
// heartbeat setting is on, GET /blank.html every 60 seconds. Timers, clock and fetch are injected.

export interface HeartbeatDeps {
  now: () => number;
  ping: () => Promise<unknown>;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export interface HeartbeatOptions {
  intervalMs: number;
  idleWindowMs: number;
}

export function shouldBeat(now: number, lastActivity: number, idleWindowMs: number): boolean {
  return now - lastActivity < idleWindowMs;
}

export function createHeartbeat(options: HeartbeatOptions, deps: HeartbeatDeps) {
  let lastActivity = deps.now();
  let handle: unknown = null;
  const tick = () => {
    if (shouldBeat(deps.now(), lastActivity, options.idleWindowMs)) {
      // A failed keep-alive is not worth a notice: the next request will show any real problem.
      deps.ping().catch(() => undefined);
    }
  };
  return {
    markActive() {
      lastActivity = deps.now();
    },
    start() {
      if (handle === null) handle = deps.setInterval(tick, options.intervalMs);
    },
    stop() {
      if (handle !== null) deps.clearInterval(handle);
      handle = null;
    },
    tick,
  };
}

export const HEARTBEAT_PATH = '/blank.html';
