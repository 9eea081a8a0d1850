import type { CallerAttributes, CallerDirectory } from '../../ports/caller-directory';
import { DependencyUnavailable } from '../../domain/errors';

/** Cognito's JSON protocol: one POST per operation, named by this header. */
const GET_USER_TARGET = 'AWSCognitoIdentityProviderService.GetUser';

/**
 * Cognito's GetUser with the caller's own access token (cognito-local in the local cloud). The call is authorized by
 * the token, not signed, so it is a plain POST: the SDK's Cognito client would add 33 KB to each function that asks
 * (docs/scale.md, "Functions").
 */
export class CognitoCallerDirectory implements CallerDirectory {
  constructor(
    private readonly endpoint: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async attributesOf(accessToken: string): Promise<CallerAttributes | null> {
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': GET_USER_TARGET },
      body: JSON.stringify({ AccessToken: accessToken }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { UserAttributes?: { Name: string; Value?: string }[]; __type?: string; message?: string };
    // A token Cognito no longer honours (signed out everywhere, revoked) is the caller's to renew, not our failure.
    if (body.__type?.endsWith('NotAuthorizedException')) return null;
    // Over Cognito's request rate: the caller may try again shortly (the SDK would have retried).
    if (body.__type?.endsWith('TooManyRequestsException')) throw new DependencyUnavailable(`Cognito GetUser is throttled: ${body.message ?? ''}`.trim());
    if (!response.ok) throw new Error(`Cognito GetUser answered ${response.status} ${body.__type ?? ''}: ${body.message ?? ''}`.trim());
    const value = (name: string) => body.UserAttributes?.find((a) => a.Name === name)?.Value?.trim() || null;
    return { email: value('email'), givenName: value('given_name'), familyName: value('family_name') };
  }
}
