import { describe, expect, it } from 'vitest';
import { AuthFailure, toAuthFailure } from './errors';

describe('auth failures shown on the forms', () => {
  it('gives a friendly message for the usual Cognito errors', () => {
    expect(toAuthFailure({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' }).message).toBe('Incorrect e-mail or password.');
    expect(toAuthFailure({ name: 'UserNotFoundException', message: 'x' }).message).toBe('Incorrect e-mail or password.');
    expect(toAuthFailure({ name: 'UsernameExistsException', message: 'x' }).message).toMatch(/already exists/);
    expect(toAuthFailure({ name: 'CodeMismatchException', message: 'x' }).message).toMatch(/code is not right/);
  });
  it("keeps Cognito's password policy message", () => {
    expect(toAuthFailure({ name: 'InvalidPasswordException', message: 'Password did not conform with policy: Password must have symbol characters' }).message)
      .toBe('Password must have symbol characters');
  });
  it('calls network failures what they are, and passes AuthFailure through', () => {
    expect(toAuthFailure(new TypeError('Failed to fetch')).code).toBe('NetworkError');
    const failure = new AuthFailure('X', 'y');
    expect(toAuthFailure(failure)).toBe(failure);
    expect(toAuthFailure(null).message).toBe('Something went wrong. Please try again.');
  });
});
