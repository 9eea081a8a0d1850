import { GetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { CallerAttributes, CallerDirectory } from '../../ports/caller-directory';

/** Cognito's GetUser with the caller's own access token (cognito-local in the local cloud). */
export class CognitoCallerDirectory implements CallerDirectory {
  constructor(private readonly cognito: CognitoIdentityProviderClient) {}

  async attributesOf(accessToken: string): Promise<CallerAttributes> {
    const { UserAttributes = [] } = await this.cognito.send(new GetUserCommand({ AccessToken: accessToken }));
    const value = (name: string) => UserAttributes.find((a) => a.Name === name)?.Value?.trim() || null;
    return { email: value('email'), givenName: value('given_name'), familyName: value('family_name') };
  }
}
