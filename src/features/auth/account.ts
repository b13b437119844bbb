/**
 * Staff accounts as the accounts screens and the admins API read them: the shape of an account,
 * the forms' schemas (a new account; one's own password) and their messages.
 */
import { z } from '../../lib/zod.ts';
import { isRole, type Role } from '../../lib/roles.ts';
import { Rules, emptyOf, isEmail, textShape, validate } from '../../lib/forms/validate.ts';
import { passwordProblem } from './passwords.ts';

/** An account as GET /v1/api/admins answers it (never its password hash). */
export interface Account {
  _id: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  mustChangePassword: boolean;
  /** A one-time code app is set up. */
  secondFactor: boolean;
  /** The last sign-in, or null for an account never used. */
  lastSignInAt: string | null;
  createdAt: string;
}

export const ACCOUNT_TEXTS = {
  required: 'Please fill in all required fields.',
  email: 'Please enter a valid email address.',
  role: 'Choose Principal or Office staff.',
  name: 'The name can have at most 100 characters.',
  emailTaken: 'An account with this e-mail exists already.',
  currentPassword: 'The current password is not right.',
  samePassword: 'Choose a password different from the current one.',
  lastPrincipal: 'The school needs at least one active principal: this change would leave none.',
  yourself: 'You cannot disable your own account.',
  ownReset: 'Change your own password under My account.',
  ownSecondFactor: 'Your own second factor is changed under My account.',
  nothingToChange: 'Send role, disabled, resetPassword or resetSecondFactor.',
} as const;

const shape = textShape(['name', 'email', 'role']);

/** POST /v1/api/admins: name, e-mail and role, checked in that order. */
export const newAccountSchema = shape.check(
  z.superRefine((v: z.output<typeof shape>, ctx) => {
    const rules = new Rules(ctx);
    rules.check(ACCOUNT_TEXTS.required, () => emptyOf(v, ['name', 'email', 'role']));
    rules.check(ACCOUNT_TEXTS.name, () => (v.name.length > 100 ? ['name'] : []));
    rules.check(ACCOUNT_TEXTS.email, () => (isEmail(v.email) ? [] : ['email']));
    rules.check(ACCOUNT_TEXTS.role, () => (isRole(v.role) ? [] : ['role']));
  }),
);
export const validateNewAccount = (input: unknown) => validate(newAccountSchema, input);

// Passwords are taken as typed: a space at either end is part of the password.
const passwords = z.object({ currentPassword: z.optional(z.string()), newPassword: z.optional(z.string()) });

/** POST /v1/api/auth/password: the current password, and a new one the password rule accepts. */
export const passwordChangeSchema = passwords.check(
  z.superRefine((v: z.output<typeof passwords>, ctx) => {
    const rules = new Rules(ctx);
    const { currentPassword = '', newPassword = '' } = v;
    rules.check(ACCOUNT_TEXTS.required, () =>
      emptyOf({ currentPassword, newPassword }, ['currentPassword', 'newPassword']),
    );
    const problem = passwordProblem(newPassword);
    if (problem) rules.check(problem, () => ['newPassword']);
    rules.check(ACCOUNT_TEXTS.samePassword, () => (newPassword === currentPassword ? ['newPassword'] : []));
  }),
);
export const validatePasswordChange = (input: unknown) => validate(passwordChangeSchema, input);
