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
  /** USER_PASSWORD_AUTH; null when the user name or password is wrong. */
  signIn(username: string, password: string): Promise<PasswordSession | null>;
  /** Revokes every refresh token of the user (global sign-out). False when the provider cannot do it (the local emulator). */
  signOutEverywhere(username: string): Promise<boolean>;
}
