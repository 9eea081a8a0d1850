import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { unauthorized } from '../platform/domain/errors';
import type { CallerAttributes, CallerDirectory, SignedInPerson } from '../platform/ports/caller-directory';

/** Who is calling, from the claims the JWT authorizer (or the local gateway) verified: the person and what the HTTP layer needs. */
export interface Identity extends SignedInPerson {
  groups: string[];
  /** The bearer token when it is an access token (which carries no e-mail or names); null for ID tokens. */
  accessToken: string | null;
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

/** API Gateway passes array claims as a string like "[admin users]". */
function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  return value.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
}

export function identityFrom(event: APIGatewayProxyEventV2): Identity | null {
  const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: Claims } } }).authorizer?.jwt?.claims;
  if (!claims || typeof claims.sub !== 'string') return null;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    sub: claims.sub,
    username: str(claims['cognito:username']) ?? str(claims.username) ?? str(claims.email) ?? claims.sub,
    email: str(claims.email),
    givenName: str(claims.given_name),
    familyName: str(claims.family_name),
    groups: parseGroups(claims['cognito:groups']),
    accessToken: claims.token_use === 'access' ? (/^Bearer (.+)$/i.exec(event.headers?.authorization ?? '')?.[1] ?? null) : null,
  };
}

const known = new Map<string, Promise<CallerAttributes | null>>();

/**
 * The caller with the e-mail and names their token leaves out: an access token carries neither, so the profile a
 * first call creates would have none (and the admin's search by e-mail would never find it). Asked of the directory
 * once per caller and container; ID tokens need no call.
 */
export async function withDirectoryAttributes(identity: Identity, directory: () => CallerDirectory): Promise<Identity> {
  if (identity.email || !identity.accessToken) return identity;
  const token = identity.accessToken;
  let attributes = known.get(identity.sub);
  if (!attributes) {
    attributes = directory().attributesOf(token);
    known.set(identity.sub, attributes);
    attributes.catch(() => known.delete(identity.sub));
  }
  const found = await attributes;
  // The directory no longer honours the token: the caller's to renew (sign in again), not our failure.
  if (!found) {
    known.delete(identity.sub);
    throw unauthorized();
  }
  const { email, givenName, familyName } = found;
  return { ...identity, email, givenName: identity.givenName ?? givenName, familyName: identity.familyName ?? familyName };
}
