// Forgot, reset and forced password change forms (spec core §2 Authentication routes, DESIGN §5 passwords).
import { FORM_MESSAGES } from '@shop/contracts';
import { z } from 'zod';
import { emailField, newPasswordField } from './auth-schemas.ts';

export const ForgotPasswordSchema = z.object({ email: emailField() });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: FORM_MESSAGES.required }).min(1),
    password: newPasswordField(),
    confirmPassword: z.string({ error: FORM_MESSAGES.required }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: FORM_MESSAGES.mismatch('password'),
    path: ['confirmPassword'],
  });

export const ForcePasswordSchema = z
  .object({
    password: newPasswordField(),
    confirmPassword: z.string({ error: FORM_MESSAGES.required }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: FORM_MESSAGES.mismatch('password'),
    path: ['confirmPassword'],
  });
