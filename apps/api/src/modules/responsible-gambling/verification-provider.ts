// The data-source identity check behind a small interface, so a real provider (greenID, a document verification
// service, ConnectID) can replace the built-in simulation without touching the rules around it.

/** The person a check is about: the customer's stored details (the identity directory's verification profile). */
export interface CheckedPerson {
  firstname: string;
  lastname: string;
  dateOfBirth: string;
  address: string;
  suburb: string;
  state: string;
  postcode: string;
}

export interface IdentityCheck extends CheckedPerson {
  documentType: 'drivers_licence' | 'passport' | 'medicare';
  documentNumber: string;
  /** Licence checks: the issuing state. */
  documentState?: string;
}

export type CheckResult = 'verified' | 'failed' | 'documents_required';

export interface VerificationProvider {
  name: string;
  /** Match name, date of birth, address and one document against the issuer's or official record holder's data. */
  checkIdentity(person: IdentityCheck): Promise<CheckResult>;
  /** Where the browser goes to sign in with ConnectID; the provider comes back to the storefront with code and state. */
  connectIdAuthorizeUrl(state: string, returnUrl: string): string;
  /** Exchange ConnectID's code for the bank's verified-identity claims and match them to the customer. */
  connectIdExchange(code: string, person: Omit<IdentityCheck, 'documentType' | 'documentNumber'>): Promise<CheckResult>;
}

/** ConnectID codes the simulation understands (documented in docs/responsible-gambling.md). */
export const SIMULATED_CONNECTID_CODES = { approve: 'simulated-approve', decline: 'simulated-decline' } as const;

/**
 * Built-in simulation with documented test identities, decided by surname: "Mismatch" fails the match, "Documents"
 * finds no record (documents needed), any other surname matches. A document number of all zeros fails, so a typo'd
 * number can be tried in development.
 */
export function createSimulatedVerificationProvider(): VerificationProvider {
  const bySurname = (lastname: string): CheckResult => {
    const s = lastname.trim().toLowerCase();
    if (s === 'mismatch') return 'failed';
    if (s === 'documents') return 'documents_required';
    return 'verified';
  };
  return {
    name: 'simulated',
    async checkIdentity(person) {
      if (/^0+$/.test(person.documentNumber)) return 'failed';
      return bySurname(person.lastname);
    },
    connectIdAuthorizeUrl(state, returnUrl) {
      const url = new URL(returnUrl);
      url.searchParams.set('provider', 'connectid');
      url.searchParams.set('state', state);
      url.searchParams.set('code', SIMULATED_CONNECTID_CODES.approve);
      return url.toString();
    },
    async connectIdExchange(code, person) {
      if (code === SIMULATED_CONNECTID_CODES.decline) return 'failed';
      if (code !== SIMULATED_CONNECTID_CODES.approve) return 'failed';
      return bySurname(person.lastname) === 'documents_required' ? 'failed' : bySurname(person.lastname);
    },
  };
}
