// The migration modal's rules (features §4 "Migration modal", §7 "Migration", §9): when it opens by itself, the
// 7-day dismissed cookie, and the polling schedule of POST /migration/migrate.
export const MIGRATION_DISMISSED_COOKIE = 'migration_modal_dismissed';
export const MIGRATION_DISMISSED_DAYS = 7;
export const MIGRATION_POLL_DELAY_MS = 3000;
export const MIGRATION_MAX_POLLS = 5;

export type MigrationView = 'prompt' | 'in_progress' | 'failure' | 'success';

/** Opens automatically: signed in, capability on, eligible, no dismissed cookie, not already open. */
export function migrationModalShouldOpen(p: {
  signedIn: boolean;
  capability: boolean;
  migrationStatus: string | null | undefined;
  dismissed: boolean;
  open: boolean;
}): boolean {
  return (
    p.signedIn &&
    p.capability &&
    (p.migrationStatus === 'eligible_soft' || p.migrationStatus === 'eligible_hard') &&
    !p.dismissed &&
    !p.open
  );
}

export const dismissedCookie = (secure: boolean) =>
  `${MIGRATION_DISMISSED_COOKIE}=1; Max-Age=${MIGRATION_DISMISSED_DAYS * 86_400}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;

export const hasDismissedCookie = (cookieHeader: string) =>
  cookieHeader.split(/;\s*/).some((c) => c.startsWith(`${MIGRATION_DISMISSED_COOKIE}=`));
