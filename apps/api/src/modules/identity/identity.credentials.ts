// Password hashes (argon2id) and the re-authentication that sensitive changes ask for (closure, disabling 2FA,
// changing the password).
import { IDENTITY_TEXTS } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { PasswordHasher } from './identity.crypto.ts';
import { credentials, type CustomerRow } from './identity.repository.ts';

export function createCredentials(deps: { db: Db; hasher: PasswordHasher }) {
  const { db, hasher } = deps;
  return {
    hasher,
    /** 422 reauthentication_failed on `field` unless the password is the customer's. */
    async reauthenticate(c: CustomerRow, password: string, field = 'password') {
      const cred = await credentials.get(db, c.id);
      if (!cred || !(await hasher.verify(cred.passwordHash, password))) {
        throw unprocessable(IDENTITY_TEXTS.currentPasswordWrong, 'reauthentication_failed', {
          [field]: [IDENTITY_TEXTS.currentPasswordWrong],
        });
      }
    },
    /** Whether the password is the customer's; an unknown customer still costs one verification (no enumeration). */
    async matches(customerId: number | undefined, password: string): Promise<boolean> {
      const cred = customerId === undefined ? undefined : await credentials.get(db, customerId);
      return cred ? hasher.verify(cred.passwordHash, password) : hasher.burn(password);
    },
    set: async (tx: Executor, customerId: number, password: string, now: Date) =>
      credentials.set(tx, customerId, await hasher.hash(password), now),
    setHash: (tx: Executor, customerId: number, passwordHash: string, now: Date) =>
      credentials.set(tx, customerId, passwordHash, now),
  };
}
export type Credentials = ReturnType<typeof createCredentials>;
