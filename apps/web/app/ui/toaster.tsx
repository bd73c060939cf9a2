// The toasts (features §2 Notifications): fixed at the bottom of the screen, each dismissable. Radix Toast (in
// ui/toaster-panel.tsx) is loaded only once there is a first toast to show, so a page without one carries none of it.
import { lazy, Suspense } from 'react';
import { useToasts } from '../lib/toasts.ts';

const ToasterPanel = lazy(() => import('./toaster-panel.tsx'));

export function Toaster() {
  const toasts = useToasts();
  if (!toasts.length) return null;
  return (
    <Suspense fallback={null}>
      <ToasterPanel toasts={toasts} />
    </Suspense>
  );
}
