// Which confirmation the banner asks for (features §2, §4 Confirm banner): the address first, otherwise the email. Apart
// from the banner (confirmation-banner.tsx) because the layout decides this on every page and loads the banner only
// for a signed-in customer (ui/deferred-part.tsx).
export type ConfirmationVariant = 'address' | 'email';

export function confirmationVariant(customer: {
  addressConfirmationRequired?: boolean | undefined;
  emailAddressConfirmationRequired?: boolean | undefined;
}): ConfirmationVariant | null {
  if (customer.addressConfirmationRequired) return 'address';
  if (customer.emailAddressConfirmationRequired) return 'email';
  return null;
}
