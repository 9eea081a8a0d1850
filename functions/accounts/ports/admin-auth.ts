/** Tokens of a password sign-in, as the identity provider (Cognito) issued them. */
export interface PasswordSession {
  idToken: string;
  accessToken: string;
  /** Seconds until the tokens expire. */
  expiresIn: number;
  /** The provider's user name (the sub for e-mail user pools) and the readable e-mail, when present. */
  username: string;
  email: string | null;
  groups: string[];
}

/** Sign-in and sign-out against the identity provider, for the admin console's script contract. */
export interface AdminAuthenticator {
  /**
   * USER_PASSWORD_AUTH, answering the TOTP challenge (SOFTWARE_TOKEN_MFA) with `code` when the account has TOTP
   * enrolled; null when the user name, password or code is wrong. 401 when the account needs a code and none was given.
   */
  signIn(username: string, password: string, code?: string): Promise<PasswordSession | null>;
  /** Revokes every refresh token of the user (global sign-out). False when the provider cannot do it (the local emulator). */
  signOutEverywhere(username: string): Promise<boolean>;
}
