/** Tokens of a password sign-in, as the identity provider (Cognito) issued them. */
interface PasswordSession {
  idToken: string;
  accessToken: string;
  /** Seconds until the tokens expire. */
  expiresIn: number;
  /** The provider's user name (the sub for e-mail user pools) and the readable e-mail, when present. */
  username: string;
  email: string | null;
  groups: string[];
}

/**
 * What a password sign-in came to, as the identity provider said it: the tokens, or why not (facts; the domain decides
 * the answer, docs/architecture.md, "Errors: facts and answers"). `code-required`: the account has TOTP enrolled and no code was given;
 * `another-step`: the provider asks for a step the console cannot take (a new password, its name in `challenge`).
 */
export type SignInOutcome =
  | { session: PasswordSession }
  | { refused: 'wrong-credentials' | 'code-required' }
  | { refused: 'another-step'; challenge: string };

/** Sign-in and sign-out against the identity provider, for the admin console's script contract. */
export interface AdminAuthenticator {
  /**
   * USER_PASSWORD_AUTH, answering the TOTP challenge (SOFTWARE_TOKEN_MFA) with `code` when the account has TOTP
   * enrolled; refused as `wrong-credentials` when the user name, password or code is wrong.
   */
  signIn(username: string, password: string, code?: string): Promise<SignInOutcome>;
  /** Revokes every refresh token of the user (global sign-out). */
  signOutEverywhere(username: string): Promise<void>;
}
