import { describe, expect, it } from 'vitest';
import { authSettings } from './config';

describe('sign-in settings', () => {
  it('come from the deployed /config.json; a user pool endpoint path is taken on the page origin', () => {
    expect(authSettings({ userPoolId: 'ap-southeast-1_abc', userPoolClientId: 'web' }, 'https://d1.cloudfront.net')).toEqual({ userPoolId: 'ap-southeast-1_abc', clientId: 'web', endpoint: null });
    expect(authSettings({ userPoolId: 'local_1', userPoolClientId: 'c1', userPoolEndpoint: '/cognito-local/' }, 'http://127.0.0.1:5173'))
      .toEqual({ userPoolId: 'local_1', clientId: 'c1', endpoint: 'http://127.0.0.1:5173/cognito-local/' });
  });
  it('say plainly when there is no user pool', () => {
    expect(() => authSettings({}, 'http://127.0.0.1:5173')).toThrow(/Sign-in is not configured/);
  });
});
