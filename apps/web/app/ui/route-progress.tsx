// Route-transition indicator (spec core §2): "loading" while the next screen's data loads, then "loaded".
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

export type ProgressState = 'idle' | 'loading' | 'loaded';

/** idle -> loading on a navigation; loading -> loaded when it settles; loaded -> idle after the fade. */
export function nextProgressState(current: ProgressState, navigating: boolean): ProgressState {
  if (navigating) return 'loading';
  return current === 'loading' ? 'loaded' : current;
}

export function RouteProgress() {
  const navigation = useNavigation();
  const navigating = navigation.state !== 'idle';
  const [state, setState] = useState<ProgressState>('idle');

  useEffect(() => {
    setState((s) => nextProgressState(s, navigating));
  }, [navigating]);

  useEffect(() => {
    if (state !== 'loaded') return;
    const t = setTimeout(() => setState('idle'), 600);
    return () => clearTimeout(t);
  }, [state]);

  if (state === 'idle') return null;
  return (
    <div
      className="route-progress pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]"
      data-state={state}
      role="progressbar"
      aria-label={state === 'loading' ? 'Loading page' : 'Page loaded'}
      aria-busy={state === 'loading'}
      aria-valuetext={state}
    >
      <div className="route-progress-bar h-full origin-left bg-brand-secondary" />
    </div>
  );
}
