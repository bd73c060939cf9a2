// Sign-up (spec core §7, v3.5): age, password and favourite-number rules, an excluded email refused (responsible
// gambling), one account per email (the unique index decides a race), an email confirmation, and the new customer
// signed in.
import { COMMUNICATION_CHANNELS, IDENTITY_TEXTS, type SignupBody } from '@shop/contracts';
import { localDateOf } from '@shop/protocol';
import type { Db } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, unprocessable } from '../../lib/errors.ts';
import type { AttemptGuard } from './identity.attempts.ts';
import type { Credentials } from './identity.credentials.ts';
import { publicId, randomToken } from './identity.crypto.ts';
import type { SignInDevices } from './identity.devices.ts';
import type { IdentityMailer } from './identity.emails.ts';
import { customers, type CustomerRow } from './identity.repository.ts';
import type { SessionService } from './identity.sessions.ts';
import {
  HOUR,
  passwordProblem,
  type Authenticated,
  type RequestInfo,
  type ResponsibleGamblingHooks,
} from './identity.shared.ts';
import { createIpLocator } from './ip-locations.ts';
import { favouriteNumbersErrors } from './favourite-numbers.ts';

export interface SignupDeps {
  db: Db;
  clock: Clock;
  config: Pick<AppConfig, 'minAge' | 'signupIpPerHour' | 'bannedCountries' | 'ipCountryOverrides' | 'siteTimeZone'>;
  attempts: AttemptGuard;
  credentials: Pick<Credentials, 'hasher' | 'setHash'>;
  mailer: Pick<IdentityMailer, 'emailConfirmation'>;
  devices: Pick<SignInDevices, 'noteSignIn'>;
  sessions: Pick<SessionService, 'start'>;
  responsibleGambling?: Pick<ResponsibleGamblingHooks, 'assertSignupAllowed'>;
}

/** Age in whole years on today's date where the shop is (an 18th birthday counts from its morning in Sydney). */
export function ageOn(dateOfBirth: string, now: Date, timeZone: string): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = localDateOf(now, timeZone).split('-').map(Number) as [number, number, number];
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age--;
  return age;
}

const emailTaken = () => conflict(IDENTITY_TEXTS.emailTaken, 'email_taken', { email: [IDENTITY_TEXTS.emailTaken] });

export function createSignupService(deps: SignupDeps) {
  const { db, clock, config } = deps;
  const locator = createIpLocator({ overrides: config.ipCountryOverrides });

  function checkInput(input: SignupBody, now: Date) {
    const fieldErrors: Record<string, string[]> = {};
    if (ageOn(input.dateOfBirth, now, config.siteTimeZone) < config.minAge)
      fieldErrors.dateOfBirth = [IDENTITY_TEXTS.underAge(config.minAge)];
    else if (new Date(`${input.dateOfBirth}T00:00:00Z`).getUTCFullYear() < 1900)
      fieldErrors.dateOfBirth = ['Please enter a valid date.'];
    const problem = passwordProblem(input.password, input.email);
    if (problem) fieldErrors.password = [problem];
    Object.assign(fieldErrors, favouriteNumbersErrors(input.favouriteNumbers ?? []));
    if (Object.keys(fieldErrors).length)
      throw unprocessable(Object.values(fieldErrors)[0]![0]!, 'validation_failed', fieldErrors);
  }

  return {
    async signup(input: SignupBody, req: RequestInfo): Promise<Authenticated> {
      await deps.attempts.guard('signup', [
        { ip: req.ip, windowMs: HOUR, max: config.signupIpPerHour, failuresOnly: false },
      ]);
      await deps.attempts.record('signup', null, req.ip, true);
      const now = clock.now();
      checkInput(input, now);
      await deps.responsibleGambling?.assertSignupAllowed(input.email);
      if (await customers.activeByEmail(db, input.email)) throw emailTaken();
      const passwordHash = await deps.credentials.hasher.hash(input.password);
      const country = locator.countryOf(req.ip);
      const banned = country !== null && config.bannedCountries.includes(country);
      let customer: CustomerRow;
      try {
        customer = await db.transaction(async (tx) => {
          const c = await customers.insert(tx, {
            publicId: publicId('cus'),
            customerToken: randomToken()
              .slice(0, 32)
              .replace(/[^A-Za-z0-9_-]/g, 'x'),
            email: input.email,
            firstname: input.firstname,
            lastname: input.lastname,
            dateOfBirth: input.dateOfBirth,
            phone: input.phone,
            address: input.address,
            addressLine2: input.addressLine2,
            suburb: input.suburb,
            state: input.state,
            postcode: input.postcode,
            country: input.country,
            marketingConsent: input.marketingConsent,
            attribution: input.attribution ?? {},
            metadata: input.metadata,
            favouriteNumbers: input.favouriteNumbers ?? [],
            communicationPreferences: Object.fromEntries(
              COMMUNICATION_CHANNELS.map((ch) => [ch, input.marketingConsent]),
            ),
            termsAcceptedAt: now,
            lastCountry: country,
            countryBanned: banned,
            countryBannedConfirmationRequired: banned,
            isNew: true,
            createdAt: now,
            updatedAt: now,
          });
          await deps.credentials.setHash(tx, c.id, passwordHash, now);
          await deps.mailer.emailConfirmation(tx, c);
          // The sign-up's device is the customer's first: recorded, never announced.
          await deps.devices.noteSignIn(tx, c, req);
          return c;
        });
      } catch (err) {
        // Two sign-ups with one email at once: the unique index decides; answer like the check above.
        const e = err as { cause?: { code?: string }; code?: string };
        if (e.cause?.code === '23505' || e.code === '23505') throw emailTaken();
        throw err;
      }
      return deps.sessions.start(customer, null, true);
    },
  };
}
export type SignupService = ReturnType<typeof createSignupService>;
