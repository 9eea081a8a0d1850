import { describe, expect, it } from 'vitest';
import { authSettings } from './config';

describe('sign-in settings', () => {
  it('take the build-time pool first, then the deployed /config.json', () => {
    expect(authSettings({ VITE_COGNITO_USER_POOL_ID: 'local_1', VITE_COGNITO_CLIENT_ID: 'c1', VITE_COGNITO_ENDPOINT: 'http://127.0.0.1:9229' }, { userPoolId: 'x', userPoolClientId: 'y' }))
      .toEqual({ userPoolId: 'local_1', clientId: 'c1', endpoint: 'http://127.0.0.1:9229' });
    expect(authSettings({}, { userPoolId: 'ap-southeast-1_abc', userPoolClientId: 'web' })).toEqual({ userPoolId: 'ap-southeast-1_abc', clientId: 'web', endpoint: null });
  });
  it('say plainly when neither is there', () => {
    expect(() => authSettings({}, {})).toThrow(/Sign-in is not configured/);
  });
});
