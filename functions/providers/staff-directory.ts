import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { CognitoStaffDirectory } from '../adapters/cognito/staff-directory';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import type { StaffDirectory } from '../ports/tickets';
import { provider } from './provider';

/** Console accounts' roles from the pool's groups (USER_POOL_ID; cognito-local locally). */
export const staffDirectory = /* @__PURE__ */ provider<StaffDirectory>(() => new CognitoStaffDirectory(traced(new CognitoIdentityProviderClient({ region: awsRegion() })), () => setting('USER_POOL_ID')));
