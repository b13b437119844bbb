/** What a new administrator password must be: one rule for the admin CLI, `npm start`'s seed and the API. */
export const MIN_PASSWORD_LENGTH = 10;

/** Why `password` cannot be used, or undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  return password.length < MIN_PASSWORD_LENGTH
    ? `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`
    : undefined;
}
