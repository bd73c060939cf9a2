// Core §2 Navigation behaviour, §6: a required password change redirects to the force-password-change page and a
// required account upgrade to the force-upgrade-account page, wherever the customer goes (except those pages, the
// ordinary upgrade page, which completes it too, and logging out).
const FORCE_PASSWORD_PATH = '/force-password-change';
export const FORCE_UPGRADE_PATH = '/force-upgrade-account';
const ALWAYS_OPEN = new Set([FORCE_PASSWORD_PATH, FORCE_UPGRADE_PATH, '/my-account/upgrade-account', '/logout']);

export function accountFlagRedirect(
  customer: { forcePasswordChange: boolean; accountUpgrade: boolean },
  pathname: string,
): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (ALWAYS_OPEN.has(path) || path.startsWith('/about/')) return null;
  if (customer.forcePasswordChange) return FORCE_PASSWORD_PATH;
  if (customer.accountUpgrade) return FORCE_UPGRADE_PATH;
  return null;
}
