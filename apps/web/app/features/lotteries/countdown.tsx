// Time left until a draw's sales close. The server and the first client render use the loader's `now`, so the
// hydrated text matches the HTML; afterwards it ticks every second with the browser clock.
import { useEffect, useState } from 'react';

export function timeLeft(
  stopMs: number,
  nowMs: number,
): { days: number; hours: number; minutes: number; seconds: number } | null {
  const left = Math.floor((stopMs - nowMs) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/** "2d 03h 15m" a day or more ahead, "03h 15m 09s" within a day; "Sales closed" once past. */
export function countdownText(stopMs: number, nowMs: number): string {
  const t = timeLeft(stopMs, nowMs);
  if (!t) return 'Sales closed';
  const two = (n: number) => String(n).padStart(2, '0');
  return t.days > 0
    ? `${t.days}d ${two(t.hours)}h ${two(t.minutes)}m`
    : `${two(t.hours)}h ${two(t.minutes)}m ${two(t.seconds)}s`;
}

export function Countdown({ stop, now, label = 'Sales close in' }: { stop: string; now: string; label?: string }) {
  const stopMs = Date.parse(stop);
  const [nowMs, setNowMs] = useState(() => Date.parse(now));
  useEffect(() => {
    setNowMs(Date.now());
    const id = window.setInterval(() => setNowMs(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <p className="text-sm" data-testid="countdown">
      <span>{label} </span>
      {/* The ticking value is not a live region: announcing every second would drown a screen reader. */}
      <time dateTime={stop} className="font-bold tabular-nums">
        {countdownText(stopMs, nowMs)}
      </time>
    </p>
  );
}
