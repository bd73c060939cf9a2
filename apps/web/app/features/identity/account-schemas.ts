// Form schemas of the account screens, shared by the forms and their actions (messages of spec features §5).
import { FORM_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, Region } from '@shop/contracts';
import { z } from 'zod';

const requiredText = (max = 100) =>
  z.string({ error: FORM_MESSAGES.required }).trim().min(1, FORM_MESSAGES.required).max(max);
const newPassword = () =>
  z
    .string({ error: FORM_MESSAGES.required })
    .min(PASSWORD_MIN_LENGTH, `Your password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH);
const currentPassword = () =>
  z.string({ error: FORM_MESSAGES.required }).min(1, FORM_MESSAGES.required).max(PASSWORD_MAX_LENGTH);

export const ChangePasswordSchema = z
  .object({
    currentPassword: currentPassword(),
    newPassword: newPassword(),
    confirmPassword: z.string({ error: FORM_MESSAGES.required }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: FORM_MESSAGES.mismatch('password'),
    path: ['confirmPassword'],
  });

export const CloseAccountSchema = z.object({
  password: currentPassword(),
  reason: z.string().trim().max(500).optional(),
  confirm: z
    .boolean({ error: 'Please confirm that you want to close your account.' })
    .refine((v) => v, 'Please confirm that you want to close your account.'),
});

export const DetailsSchema = z.object({
  firstname: requiredText(),
  lastname: requiredText(),
  phone: z
    .string({ error: FORM_MESSAGES.required })
    .trim()
    .regex(/^\+?[0-9][0-9 ]{7,17}$/, FORM_MESSAGES.phone),
  address: requiredText(200),
  addressLine2: z.string().trim().max(200).optional(),
  suburb: requiredText(),
  state: Region,
  postcode: z
    .string({ error: FORM_MESSAGES.required })
    .trim()
    .regex(/^\d{4}$/, FORM_MESSAGES.postCode),
  marketingConsent: z.boolean().optional().default(false),
});

export const PreferencesSchema = z.object({
  email: z.boolean().optional().default(false),
  phone: z.boolean().optional().default(false),
  sms: z.boolean().optional().default(false),
  directmail: z.boolean().optional().default(false),
});

export const UnsubscribeSchema = z.object({
  reasons: z
    .array(z.string().regex(/^[a-z_]{1,40}$/))
    .max(10)
    .optional()
    .default([]),
  token: z.string().optional(),
});
