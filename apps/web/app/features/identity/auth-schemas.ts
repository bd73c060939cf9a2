// Form schemas shared by the screens (Conform validation in the browser) and their actions (the same parse on the
// server), worded with the form messages of spec features §5.
import {
  FORM_MESSAGES,
  IDENTITY_TEXTS,
  PASSWORD_MAX_LENGTH as PASSWORD_MAX,
  PASSWORD_MIN_LENGTH as PASSWORD_MIN,
  Region,
  TWO_FACTOR_TEXTS,
} from '@shop/contracts';
import { z } from 'zod';

export const PASSWORD_TOO_SHORT = `Your password must be at least ${PASSWORD_MIN} characters.`;
export const PASSWORD_TOO_LONG = `Your password must be at most ${PASSWORD_MAX} characters.`;
export const OTP_INCOMPLETE = TWO_FACTOR_TEXTS.incomplete;
export const underAgeMessage = IDENTITY_TEXTS.underAge;
export const INVALID_DATE = 'Please enter a valid date.';

const requiredText = () => z.string({ error: FORM_MESSAGES.required }).trim().min(1, FORM_MESSAGES.required).max(100);
export const emailField = () =>
  z.string({ error: FORM_MESSAGES.required }).trim().min(1, FORM_MESSAGES.required).pipe(z.email(FORM_MESSAGES.email));
export const newPasswordField = () =>
  z
    .string({ error: FORM_MESSAGES.required })
    .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
    .max(PASSWORD_MAX, PASSWORD_TOO_LONG);
const existingPassword = () =>
  z.string({ error: FORM_MESSAGES.required }).min(1, FORM_MESSAGES.required).max(PASSWORD_MAX);
const checkbox = () => z.boolean().optional().default(false);

export const LoginSchema = z.object({
  email: emailField(),
  password: existingPassword(),
  redirect: z.string().optional(),
});

/** Whole years between a date of birth and today's date (both YYYY-MM-DD, calendar arithmetic, no time zones). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const AU_POSTCODE = /^\d{4}$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9 ]{7,17}$/;

/** Sign-up: minimum age from the configuration (core §5, default 18), checked against the site's today. */
export function registerSchema(opts: {
  minAge: number;
  today: string;
  phoneRequired: boolean;
  addressRequired: boolean;
}) {
  const optionalWhen = (needed: boolean, schema: z.ZodType<string>) =>
    needed ? schema : z.union([z.literal(''), schema]).optional();
  return z.object({
    firstname: requiredText(),
    lastname: requiredText(),
    email: emailField(),
    password: newPasswordField(),
    dateOfBirth: z
      .string({ error: FORM_MESSAGES.required })
      .refine(isRealDate, INVALID_DATE)
      .refine((v) => !isRealDate(v) || ageOn(v, opts.today) >= opts.minAge, underAgeMessage(opts.minAge))
      .refine((v) => !isRealDate(v) || ageOn(v, opts.today) < 130, INVALID_DATE),
    phone: optionalWhen(
      opts.phoneRequired,
      z.string({ error: FORM_MESSAGES.required }).trim().regex(PHONE_PATTERN, FORM_MESSAGES.phone),
    ),
    address: optionalWhen(opts.addressRequired, requiredText()),
    addressLine2: z.string().trim().max(100).optional(),
    suburb: optionalWhen(opts.addressRequired, requiredText()),
    state: opts.addressRequired ? Region : Region.optional(),
    postcode: optionalWhen(
      opts.addressRequired,
      z.string({ error: FORM_MESSAGES.required }).trim().regex(AU_POSTCODE, FORM_MESSAGES.postCode),
    ),
    marketingConsent: checkbox(),
    terms: z.boolean({ error: FORM_MESSAGES.terms }).refine((v) => v, FORM_MESSAGES.terms),
    redirect: z.string().optional(),
  });
}

export const OtpSchema = z.object({
  otp: z.string({ error: OTP_INCOMPLETE }).regex(/^\d{6}$/, OTP_INCOMPLETE),
  token: z.string().optional(),
  rememberDevice: checkbox(),
  redirect: z.string().optional(),
});
