import { AwsHttpApi } from '../adapters/aws/aws-http-api';
import { CognitoSecondFactors } from '../adapters/cognito/second-factors';
import { setting } from '../environment';
import type { SecondFactors } from '../ports/second-factors';
import { provider } from './provider';

/** Whether a caller has TOTP enabled, from the pool (USER_POOL_ID; cognito-local locally, through AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER). */
export const secondFactors = /* @__PURE__ */ provider<SecondFactors>(
  () => new CognitoSecondFactors(AwsHttpApi.regional({ signingName: 'cognito-idp', variable: 'COGNITO_IDENTITY_PROVIDER', host: 'cognito-idp' }), () => setting('USER_POOL_ID')),
);
