/** Who signed in, as the verified token claims say (the person of the HTTP layer's Identity; the one type the domain takes for a caller). */
export interface SignedInPerson {
  sub: string;
  username: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

/** What the identity provider knows of a caller, for the calls whose token does not say it (access tokens). */
export interface CallerAttributes {
  email: string | null;
  givenName: string | null;
  familyName: string | null;
}

export interface CallerDirectory {
  /**
   * The attributes of the access token's own user (Cognito GetUser: authorized by the token, no IAM); null when the
   * provider no longer honours the token (signed out everywhere, revoked).
   */
  attributesOf(accessToken: string): Promise<CallerAttributes | null>;
}
