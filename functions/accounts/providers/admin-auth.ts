import { CognitoAdminAuthenticator } from '../adapters/cognito/admin-authenticator';
import type { AdminAuthenticator } from '../ports/admin-auth';
import { provider } from '../../platform/providers/provider';

/** Password sign-in and global sign-out against Cognito (cognito-local here). */
export const adminAuth = /* @__PURE__ */ provider<AdminAuthenticator>(() => new CognitoAdminAuthenticator());
