// Features §4: when the migrate-account modal opens by itself, and the 7-day dismissed cookie.
import { describe, expect, it } from 'vitest';
import { dismissedCookie, hasDismissedCookie, migrationModalShouldOpen } from './migration-rules.ts';

const base = { signedIn: true, capability: true, migrationStatus: 'eligible_soft', dismissed: false, open: false };

describe('migration modal opening rule', () => {
  it('opens for a signed-in eligible customer with the capability and no dismissed cookie', () => {
    expect(migrationModalShouldOpen(base)).toBe(true);
    expect(migrationModalShouldOpen({ ...base, migrationStatus: 'eligible_hard' })).toBe(true);
  });
  it('stays closed otherwise', () => {
    expect(migrationModalShouldOpen({ ...base, signedIn: false })).toBe(false);
    expect(migrationModalShouldOpen({ ...base, capability: false })).toBe(false);
    expect(migrationModalShouldOpen({ ...base, dismissed: true })).toBe(false);
    expect(migrationModalShouldOpen({ ...base, open: true })).toBe(false);
    for (const s of ['ineligible', 'in_progress', 'migrated', null])
      expect(migrationModalShouldOpen({ ...base, migrationStatus: s })).toBe(false);
  });
  it('the dismissed cookie lasts 7 days and is recognised among others', () => {
    expect(dismissedCookie(false)).toBe('migration_modal_dismissed=1; Max-Age=604800; Path=/; SameSite=Lax');
    expect(dismissedCookie(true)).toContain('; Secure');
    expect(hasDismissedCookie('a=1; migration_modal_dismissed=1; b=2')).toBe(true);
    expect(hasDismissedCookie('a=1; not_migration_modal_dismissed=1')).toBe(false);
  });
});
