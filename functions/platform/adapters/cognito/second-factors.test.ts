import { describe, expect, it } from 'vitest';
import { AwsHttpApi } from '../aws/aws-http-api';
import { recordingSender, TEST_CREDENTIALS, TEST_ENV } from '../aws/aws-http-api.test-fakes';
import { CognitoSecondFactors } from './second-factors';

const reply = (body: object) => ({ body: new TextEncoder().encode(JSON.stringify(body)) });

function factors(...replies: { body: Uint8Array }[]) {
  const sender = recordingSender(...replies);
  const api = new AwsHttpApi({ signingName: 'cognito-idp', endpoint: 'https://cognito-idp.ap-southeast-1.amazonaws.com' }, { env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send });
  let now = 0;
  return { sender, tick: (ms: number) => (now += ms), second: new CognitoSecondFactors(api, () => 'pool-1', () => now) };
}

describe('CognitoSecondFactors', () => {
  it("reads the user's MFA settings with AdminGetUser: TOTP counts, no setting or SMS alone does not", async () => {
    const { sender, second } = factors(reply({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }));
    expect(await second.hasTotp('sub-1')).toBe(true);
    expect(sender.requests[0]!.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.AdminGetUser');
    expect(JSON.parse(String(sender.requests[0]!.body))).toEqual({ UserPoolId: 'pool-1', Username: 'sub-1' });
    expect(await factors(reply({})).second.hasTotp('sub-2')).toBe(false);
    expect(await factors(reply({ UserMFASettingList: ['SMS_MFA'] })).second.hasTotp('sub-3')).toBe(false);
  });

  it('keeps a yes a minute per user, then asks again; a no is asked again at once', async () => {
    const { sender, second, tick } = factors(reply({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }), reply({ UserMFASettingList: [] }));
    expect(await second.hasTotp('sub-1')).toBe(true);
    tick(59_000);
    expect(await second.hasTotp('sub-1')).toBe(true);
    expect(sender.requests).toHaveLength(1);
    tick(1_000);
    expect(await second.hasTotp('sub-1')).toBe(false);
    expect(sender.requests).toHaveLength(2);
    expect(await second.hasTotp('sub-1')).toBe(false);
    expect(sender.requests).toHaveLength(3);
  });

  it('keeps no failure (a user not found): the next call asks again', async () => {
    const { sender, second } = factors({ ...reply({ __type: 'UserNotFoundException', message: 'User does not exist.' }), status: 400 } as never, reply({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }));
    await expect(second.hasTotp('sub-1')).rejects.toThrow();
    expect(await second.hasTotp('sub-1')).toBe(true);
    expect(sender.requests).toHaveLength(2);
  });
});
