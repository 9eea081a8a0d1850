import { awsJson, forward, jsonBody, jsonTarget, type AwsHandler, type AwsRequest } from './http';

/**
 * Cognito user pools: cognito-local, with what it lacks and the functions call. AdminUserGlobalSignOut answers as
 * Cognito does once the user exists (cognito-local keeps no refresh tokens to revoke; the user's AdminGetUser decides
 * between success and UserNotFoundException).
 */
export function localCognito(cognitoLocalEndpoint: string): AwsHandler {
  return async (request: AwsRequest) => {
    const target = jsonTarget(request);
    if (target?.operation === 'AdminUserGlobalSignOut') {
      const { UserPoolId, Username } = jsonBody<{ UserPoolId?: string; Username?: string }>(request);
      const lookup = await forward(cognitoLocalEndpoint, {
        ...request,
        headers: { ...request.headers, 'x-amz-target': `${target.prefix}.AdminGetUser` },
        body: Buffer.from(JSON.stringify({ UserPoolId, Username })),
      });
      return lookup.status === 200 ? awsJson({}) : lookup;
    }
    return forward(cognitoLocalEndpoint, request);
  };
}
