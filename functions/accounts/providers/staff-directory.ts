import { AwsHttpApi } from '../../platform/adapters/aws/aws-http-api';
import { CognitoStaffDirectory } from '../adapters/cognito/staff-directory';
import { setting } from '../../platform/environment';
import type { StaffDirectory } from '../../fieldwork/ports/tickets';
import { provider } from '../../platform/providers/provider';

/** Console accounts' roles from the pool's groups (USER_POOL_ID; cognito-local locally, through AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER). */
export const staffDirectory = /* @__PURE__ */ provider<StaffDirectory>(
  () => new CognitoStaffDirectory(AwsHttpApi.regional({ signingName: 'cognito-idp', variable: 'COGNITO_IDENTITY_PROVIDER', host: 'cognito-idp' }), () => setting('USER_POOL_ID')),
);
