/** Whether a console user signs in with a second factor (docs/architecture.md, "Roles"). */
export interface SecondFactors {
  /**
   * True when the user has TOTP (Cognito's SOFTWARE_TOKEN_MFA) enabled: then every sign-in of theirs answers a code
   * (the pool's MFA is optional, and Cognito asks it of every user who enabled it).
   */
  hasTotp(username: string): Promise<boolean>;
}
