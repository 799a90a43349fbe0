import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_LENGTH } from './constants.js';
import { validationMessages as m } from './messages.js';

const email = z.string().trim().min(1, m.required).email(m.invalidEmail);

/** Forms (SPEC.md §5). The server validates the same payloads with the same rules. */
export const loginForm = z.object({
  email,
  password: z.string().min(1, m.required).min(PASSWORD_MIN_LENGTH, m.passwordMin),
});
export type LoginForm = z.infer<typeof loginForm>;

export const registerForm = z.object({
  inviteCode: z.string().trim().min(1, m.inviteCodeRequired),
  name: z.string().trim().min(1, m.nameRequired),
  email,
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || (v.length === PHONE_LENGTH && /^\d+$/.test(v)), m.phoneLength)
    .optional(),
  password: z.string().min(1, m.required).min(PASSWORD_MIN_LENGTH, m.passwordMin),
  confirmPassword: z.string(),
});
export type RegisterForm = z.infer<typeof registerForm>;

export const forgotPasswordForm = z.object({ email });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordForm>;

export const resetPasswordForm = z
  .object({
    password: z.string().min(1, m.passwordRequired).min(PASSWORD_MIN_LENGTH, m.passwordMin),
    confirmPassword: z.string().min(1, m.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const otpForm = z.object({
  emailOtp: z
    .string()
    .min(1, m.otpRequired)
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), m.otpSixDigits),
});
export type OtpForm = z.infer<typeof otpForm>;

export const inviteCodeForm = z.object({
  inviteCode: z.string().trim().min(1, m.inviteVerificationRequired),
});
export type InviteCodeForm = z.infer<typeof inviteCodeForm>;

/** Server bodies. */
const serverPassword = z
  .string()
  .min(1, m.required)
  .min(PASSWORD_MIN_LENGTH, m.passwordMin)
  .max(PASSWORD_MAX_LENGTH, m.passwordMax);

export const signupBody = registerForm
  .extend({ password: serverPassword, email: email.max(254) })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export const loginBody = loginForm.extend({
  password: z.string().min(1, m.required).max(PASSWORD_MAX_LENGTH),
});
export const googleLoginBody = z.object({ authorization: z.string().min(1, m.required).max(8192) });

/**
 * SPEC.md sends the OTP as a number, which drops leading zeros ("012345" → 12345): the server pads it back.
 */
export const emailOtpValue = z
  .union([z.number().int().nonnegative(), z.string().trim()])
  .transform((v) => (typeof v === 'number' ? String(v).padStart(OTP_LENGTH, '0') : v))
  .pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), m.otpSixDigits));
export const verifyOtpBody = z.object({ email, emailOtp: emailOtpValue });
export const emailBody = z.object({ email });
export const resetPasswordBody = z.object({
  token: z.string().min(1, m.required).max(512),
  password: serverPassword,
});
export const refreshBody = z.object({ refresh_token: z.string().min(1, m.required).max(512) });
export const logoutBody = z.object({ refresh_token: z.string().max(512).optional() });
export const inviteCodeBody = z.object({
  inviteCode: z.string().trim().min(1, m.inviteVerificationRequired).max(64),
});
export const updateUserBody = z.object({
  name: z.string().trim().min(1, m.nameRequired).max(100).optional(),
  phone: registerForm.shape.phone,
});

/** Responses. */
export const user = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  verified: z.boolean(),
  usedInviteCode: z.string().nullable(),
  linkedinConnected: z.boolean().optional(),
});
export type User = z.infer<typeof user>;

export const tokens = z.object({ access_token: z.string(), refresh_token: z.string() });
export type Tokens = z.infer<typeof tokens>;

export const session = z.object({ user, tokens });
export type Session = z.infer<typeof session>;

export const resetTokenData = z.object({ token: z.string() });

export const publicConfig = z.object({
  googleClientId: z.string().nullable(),
  aiEnabled: z.boolean(),
  linkedinEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const inviteCodeParams = z.object({ code: z.string().trim().min(1).max(64) });
