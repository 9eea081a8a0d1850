import type { SecondFactors } from '../../ports/second-factors';
import type { AwsHttpApi } from '../aws/aws-http-api';

/** How long a yes is kept per user and container: a user who turns TOTP off keeps the money routes this long. */
const TTL_MS = 60_000;

/**
 * The user's MFA settings from Cognito's AdminGetUser (`UserMFASettingList`), signed, without the SDK client
 * (docs/scale.md). A yes is kept for a minute per user, so that a busy admin costs one call a minute; a no is not
 * kept, so that an admin who has just enrolled is let through at once.
 */
export class CognitoSecondFactors implements SecondFactors {
  private readonly known = new Map<string, { at: number; answer: Promise<boolean> }>();

  constructor(private readonly cognito: AwsHttpApi, private readonly userPoolId: () => string, private readonly now: () => number = Date.now) {}

  hasTotp(username: string): Promise<boolean> {
    const cached = this.known.get(username);
    if (cached && this.now() - cached.at < TTL_MS) return cached.answer;
    const answer = this.cognito
      .jsonRpc<{ UserMFASettingList?: string[] }>('AWSCognitoIdentityProviderService.AdminGetUser', { UserPoolId: this.userPoolId(), Username: username })
      .then((user) => (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'));
    this.known.set(username, { at: this.now(), answer });
    const forget = () => this.known.delete(username);
    answer.then((yes) => yes || forget(), forget);
    return answer;
  }
}
