import { AdminGetUserCommand, AdminListGroupsForUserCommand, CognitoIdentityProviderClient, ListUsersInGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { AwsHttpApi, type AwsReply } from '@functions/platform/adapters/aws/aws-http-api';
import { recordingSender, sdkWireShape, signatureOf, TEST_CREDENTIALS, TEST_ENV, wireShape } from '@functions/platform/adapters/aws/aws-http-api.test-fakes';
import { CognitoStaffDirectory } from './staff-directory';

const json = (value: unknown): Partial<AwsReply> => ({ body: new TextEncoder().encode(JSON.stringify(value)) });
const directory = (...replies: Partial<AwsReply>[]) => {
  const sender = recordingSender(...replies);
  const api = new AwsHttpApi({ signingName: 'cognito-idp', endpoint: 'https://cognito-idp.ap-southeast-1.amazonaws.com' }, { env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send });
  return { ...sender, directory: new CognitoStaffDirectory(api, () => 'ap-southeast-1_pool') };
};
/** What Cognito's SDK client sends for the same command. */
const sdkRequest = (command: object) => sdkWireShape(CognitoIdentityProviderClient, command);
const user = (email: string, enabled = true, given = 'Wayan') => ({ Username: email, Enabled: enabled, Attributes: [{ Name: 'email', Value: email }, { Name: 'given_name', Value: given }] });

describe("Cognito's staff directory", () => {
  it("finds an account's role from its groups, asking as Cognito's SDK client asks", async () => {
    const ours = directory(json({ Username: 'uuid-1', Enabled: true }), json({ Groups: [{ GroupName: 'technician' }] }));
    await expect(ours.directory.roleOf('tech@example.org')).resolves.toBe('technician');
    expect(ours.requests.map(wireShape)).toEqual([
      await sdkRequest(new AdminGetUserCommand({ UserPoolId: 'ap-southeast-1_pool', Username: 'tech@example.org' })),
      await sdkRequest(new AdminListGroupsForUserCommand({ UserPoolId: 'ap-southeast-1_pool', Username: 'uuid-1' })),
    ]);
    expect(signatureOf(ours.requests[0]!).scope).toBe('ap-southeast-1/cognito-idp/aws4_request');
  });

  it('has no role for an unknown or disabled account, and passes other failures on', async () => {
    const unknown = { status: 400, ...json({ __type: 'UserNotFoundException', message: 'User does not exist.' }) };
    await expect(directory(unknown).directory.roleOf('nobody@example.org')).resolves.toBeNull();
    await expect(directory(json({ Username: 'u', Enabled: false })).directory.roleOf('off@example.org')).resolves.toBeNull();
    await expect(directory({ status: 400, ...json({ __type: 'NotAuthorizedException' }) }).directory.roleOf('x@example.org')).rejects.toMatchObject({ code: 'NotAuthorizedException' });
  });

  it('lists the assignable staff over every page, admins first, each account once, without disabled ones', async () => {
    const ours = directory(
      json({ Users: [user('ayu@example.org', true, 'Ayu')], NextToken: 'page-2' }),
      json({ Users: [user('off@example.org', false)] }),
      json({ Users: [user('ayu@example.org'), user('tech@example.org')] }),
    );
    await expect(ours.directory.assignable()).resolves.toEqual([
      { email: 'ayu@example.org', name: 'Ayu', role: 'admin' },
      { email: 'tech@example.org', name: 'Wayan', role: 'technician' },
    ]);
    expect(wireShape(ours.requests[1]!)).toEqual(await sdkRequest(new ListUsersInGroupCommand({ UserPoolId: 'ap-southeast-1_pool', GroupName: 'admin', Limit: 60, NextToken: 'page-2' })));
  });
});
