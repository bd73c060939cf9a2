// The address or email confirmation banner (features §2, §4 Confirm banner): the address variant first, otherwise the
// email variant. Confirm posts to the confirm screen, which sends the PATCH and shows the answer (the customer is
// refetched by the root loader); Update goes to the details screen.
import { Form, Link } from 'react-router';

export const ADDRESS_CONFIRMED = 'Thanks, your address is confirmed.';
export const EMAIL_CONFIRMED = 'Thanks, your email address is confirmed.';

export function confirmationVariant(customer: {
  addressConfirmationRequired?: boolean | undefined;
  emailAddressConfirmationRequired?: boolean | undefined;
}): 'address' | 'email' | null {
  if (customer.addressConfirmationRequired) return 'address';
  if (customer.emailAddressConfirmationRequired) return 'email';
  return null;
}

export function ConfirmationBanner({ variant }: { variant: 'address' | 'email' }) {
  const text =
    variant === 'address'
      ? 'Is your address still correct? Please confirm it or update your details.'
      : 'Please confirm your email address is correct or update it.';
  return (
    <section
      aria-label={variant === 'address' ? 'Confirm your address' : 'Confirm your email address'}
      className="bg-surface"
    >
      <div className="page-container flex flex-wrap items-center gap-0.5 py-0.5">
        <p className="mr-auto">{text}</p>
        <Form method="post" action="/my-account/confirm-address">
          <input type="hidden" name="kind" value={variant} />
          <button type="submit" className="btn btn-primary">
            Confirm
          </button>
        </Form>
        <Link to="/my-account/my-details" className="btn btn-secondary">
          Update
        </Link>
      </div>
    </section>
  );
}
