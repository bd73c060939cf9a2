// The migrate-account modal's host (features §2, §4): after hydration it opens by itself for a signed-in, eligible
// customer without the 7-day dismissed cookie. The dialog (Radix) loads only when it opens.
import { lazy, Suspense, useEffect, useState } from 'react';
import { hasDismissedCookie, migrationModalShouldOpen } from './migration-rules.ts';

const MigrationDialog = lazy(() => import('./migration-dialog.tsx'));

export function MigrationModalHost(props: { signedIn: boolean; capability: boolean; migrationStatus: string | null }) {
  const [open, setOpen] = useState(false);
  const { signedIn, capability, migrationStatus } = props;
  useEffect(() => {
    const dismissed = hasDismissedCookie(document.cookie);
    if (migrationModalShouldOpen({ signedIn, capability, migrationStatus, dismissed, open: false })) setOpen(true);
  }, [signedIn, capability, migrationStatus]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <MigrationDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
