// Core §2 Navigation behaviour, §6: a required password change redirects to the force-password-change page and a
// required account upgrade to the upgrade page, wherever the customer goes (except those pages and logging out).
const FORCE_PASSWORD_PATH = '/force-password-change';
const UPGRADE_PATH = '/my-account/upgrade-account';
const ALWAYS_OPEN = new Set([FORCE_PASSWORD_PATH, UPGRADE_PATH, '/logout']);

export function accountFlagRedirect(
  customer: { forcePasswordChange: boolean; accountUpgrade: boolean },
  pathname: string,
): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (ALWAYS_OPEN.has(path) || path.startsWith('/about/')) return null;
  if (customer.forcePasswordChange) return FORCE_PASSWORD_PATH;
  if (customer.accountUpgrade) return UPGRADE_PATH;
  return null;
}
