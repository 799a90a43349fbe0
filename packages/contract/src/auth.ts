import { z } from 'zod';
import {
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_LENGTH,
  TEXT_LIMITS,
} from './constants.js';
import { validationMessages as m } from './messages.js';
import { plainText, text } from './text.js';

const email = text(TEXT_LIMITS.email).trim().min(1, m.required).email(m.invalidEmail);
const name = plainText(TEXT_LIMITS.name).trim().min(1, m.nameRequired);
const inviteCode = (required: string) => text(TEXT_LIMITS.inviteCode).trim().min(1, required);

/** Forms (docs/product.md#validation-messages). The server validates the same payloads with the same rules. */
export const loginForm = z.object({
  email,
  password: text(PASSWORD_MAX_LENGTH).min(1, m.required).min(PASSWORD_MIN_LENGTH, m.passwordMin),
});
export type LoginForm = z.infer<typeof loginForm>;

export const registerForm = z.object({
  inviteCode: inviteCode(m.inviteCodeRequired),
  name,
  email,
  phone: text(TEXT_LIMITS.phone)
    .trim()
    .refine((v) => v === '' || (v.length === PHONE_LENGTH && /^\d+$/.test(v)), m.phoneLength)
    .optional(),
  password: text(PASSWORD_MAX_LENGTH).min(1, m.required).min(PASSWORD_MIN_LENGTH, m.passwordMin),
  confirmPassword: text(PASSWORD_MAX_LENGTH),
});
export type RegisterForm = z.infer<typeof registerForm>;

export const forgotPasswordForm = z.object({ email });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordForm>;

export const resetPasswordForm = z
  .object({
    password: text(PASSWORD_MAX_LENGTH).min(1, m.passwordRequired).min(PASSWORD_MIN_LENGTH, m.passwordMin),
    confirmPassword: text(PASSWORD_MAX_LENGTH).min(1, m.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const otpForm = z.object({
  emailOtp: text(TEXT_LIMITS.id)
    .min(1, m.otpRequired)
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), m.otpSixDigits),
});
export type OtpForm = z.infer<typeof otpForm>;

export const inviteCodeForm = z.object({
  inviteCode: inviteCode(m.inviteVerificationRequired),
});
export type InviteCodeForm = z.infer<typeof inviteCodeForm>;

/** Server bodies. */
const serverPassword = text(PASSWORD_MAX_LENGTH)
  .min(1, m.required)
  .min(PASSWORD_MIN_LENGTH, m.passwordMin)
  .max(PASSWORD_MAX_LENGTH, m.passwordMax);

export const signupBody = registerForm
  .extend({ password: serverPassword })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export const loginBody = loginForm.extend({
  password: text(PASSWORD_MAX_LENGTH).min(1, m.required),
});
export const googleLoginBody = z.object({ authorization: text(TEXT_LIMITS.googleToken).min(1, m.required) });

/**
 * The web app sends the OTP as a number (docs/product.md#validation-messages), which drops leading zeros ("012345" → 12345): the server pads it back.
 */
export const emailOtpValue = z
  .union([z.number().int().nonnegative(), text(TEXT_LIMITS.id).trim()])
  .transform((v) => (typeof v === 'number' ? String(v).padStart(OTP_LENGTH, '0') : v))
  .pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), m.otpSixDigits));
export const verifyOtpBody = z.object({ email, emailOtp: emailOtpValue });
export const emailBody = z.object({ email });
export const resetPasswordBody = z.object({
  token: text(TEXT_LIMITS.token).min(1, m.required),
  password: serverPassword,
});
export const refreshBody = z.object({ refresh_token: text(TEXT_LIMITS.token).min(1, m.required) });
export const logoutBody = z.object({ refresh_token: text(TEXT_LIMITS.token).optional() });
export const inviteCodeBody = z.object({ inviteCode: inviteCode(m.inviteVerificationRequired) });
export const updateUserBody = z.object({
  name: name.optional(),
  phone: registerForm.shape.phone,
});

/** Responses. */
/** Console roles (admin.ts): none is a learner; `admin` may do everything. */
export const STAFF_ROLES = ['teacher', 'editor', 'admin'] as const;
export const staffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRole>;

export const user = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  verified: z.boolean(),
  usedInviteCode: z.string().nullable(),
  /** The console roles the user holds (admin.ts); none: a learner only. */
  roles: z.array(staffRole),
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

export const inviteCodeParams = z.object({ code: text(TEXT_LIMITS.inviteCode).trim().min(1) });
