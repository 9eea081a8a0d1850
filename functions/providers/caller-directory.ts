import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { CognitoCallerDirectory } from '../adapters/cognito/caller-directory';
import { awsRegion } from '../environment';
import { traced } from '../observability';
import type { CallerDirectory } from '../ports/caller-directory';
import { provider } from './provider';

/** The callers' own attributes from Cognito (for access-token callers, whose tokens carry no e-mail or names). */
export const callerDirectory = provider<CallerDirectory>(() => new CognitoCallerDirectory(traced(new CognitoIdentityProviderClient({ region: awsRegion() }))));
