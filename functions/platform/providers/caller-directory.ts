import { CognitoCallerDirectory } from '../adapters/cognito/caller-directory';
import { awsEndpoint } from '../environment';
import type { CallerDirectory } from '../ports/caller-directory';
import { provider } from './provider';

/** The callers' own attributes from Cognito (for access-token callers, whose tokens carry no e-mail or names). */
export const callerDirectory = /* @__PURE__ */ provider<CallerDirectory>(() => new CognitoCallerDirectory(awsEndpoint({ variable: 'COGNITO_IDENTITY_PROVIDER', host: 'cognito-idp' })));
