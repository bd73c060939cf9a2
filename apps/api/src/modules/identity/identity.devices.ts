// Devices a customer signs in from (issue 20: "security events (new device login …)"). The storefront keeps a
// long-lived random device id in an essential cookie and sends it with every sign-in (header x-device-id); together
// with the user agent's browser and OS family it names a device. A sign-in from a device not on record for that
// customer records it and emails "New sign-in to your account", except for the customer's first device (the sign-up
// or the first sign-in after this was built), which is only recorded. A sign-in that names no device (an API client
// without the header) is not recorded and not announced.
import UAParser from 'ua-parser-js';
import type { Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from './identity.crypto.ts';
import type { IdentityMailer } from './identity.emails.ts';
import { signInDevices, type CustomerRow } from './identity.repository.ts';
import type { RequestInfo } from './identity.shared.ts';

/** "Chrome on Windows", "Safari on iOS"; "Unknown browser on unknown system" when the agent says nothing usable. */
export function agentFamily(userAgent: string | undefined): string {
  const ua = new UAParser(userAgent ?? '').getResult();
  const browser = ua.browser.name ?? 'Unknown browser';
  const os = ua.os.name ?? 'unknown system';
  return `${browser} on ${os}`;
}

export function createSignInDevices(deps: { clock: Clock; mailer: Pick<IdentityMailer, 'newSignIn'> }) {
  return {
    /** Notes a successful sign-in (inside the caller's transaction); emails when the device is new to the customer. */
    async noteSignIn(tx: Executor, customer: CustomerRow, req: RequestInfo): Promise<boolean> {
      if (!req.deviceId) return false;
      const at = deps.clock.now();
      const family = agentFamily(req.userAgent);
      const known = await signInDevices.anyFor(tx, customer.id);
      const isNew = await signInDevices.note(tx, {
        customerId: customer.id,
        deviceHash: sha256(req.deviceId),
        agentFamily: family,
        at,
      });
      if (!isNew || !known) return false;
      await deps.mailer.newSignIn(tx, customer, { at, device: family });
      return true;
    },
  };
}
export type SignInDevices = ReturnType<typeof createSignInDevices>;
