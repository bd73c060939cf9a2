// Secrets of the identity domain: argon2id password hashes, one-way hashes of opaque tokens, keyed hashes of short
// email codes (a 6-digit code's plain SHA-256 would fall to a million guesses offline), and AES-256-GCM for TOTP
// secrets, which must be recoverable to verify codes.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum (not importable as a value under verbatimModuleSyntax): 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export interface Argon2Cost {
  memoryKib: number;
  timeCost: number;
  parallelism: number;
}

export function createPasswordHasher(cost: Argon2Cost) {
  const options = {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKib,
    timeCost: cost.timeCost,
    parallelism: cost.parallelism,
  };
  // Verified when the email is unknown, so a miss costs the same time as a hit (no enumeration by timing).
  let dummy: Promise<string> | undefined;
  return {
    hash: (password: string) => hash(password, options),
    verify: async (stored: string, password: string) => {
      try {
        return await verify(stored, password);
      } catch {
        return false;
      }
    },
    burn: async (password: string) => {
      dummy ??= hash('not-a-real-password-0', options);
      await verify(await dummy, password).catch(() => false);
      return false;
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/** An opaque token for URLs, cookies and forms: 32 random bytes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Public ids (core §5): one generator for the shop, lib/identifier.ts. */
export { publicId } from '../../lib/identifier.ts';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function createSecretBox(authSecret: string) {
  const encKey = Buffer.from(hkdfSync('sha256', authSecret, 'identity', 'totp-secret-encryption', 32));
  const macKey = Buffer.from(hkdfSync('sha256', authSecret, 'identity', 'email-code-mac', 32));
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    decrypt(sealed: string): string | null {
      const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !body) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', encKey, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    codeHash(customerId: number, code: string): string {
      return createHmac('sha256', macKey).update(`${customerId}:${code}`).digest('hex');
    },
    /** Unsubscribe links: a signed customer id, so a visitor can opt out without signing in. */
    unsubscribeToken(customerPublicId: string): string {
      return createHmac('sha256', macKey).update(`unsubscribe:${customerPublicId}`).digest('base64url');
    },
    equal(a: string, b: string): boolean {
      const x = Buffer.from(a);
      const y = Buffer.from(b);
      return x.length === y.length && timingSafeEqual(x, y);
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
