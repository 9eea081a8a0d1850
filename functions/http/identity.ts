import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Who is calling, from the claims the JWT authorizer (or the local gateway) verified. */
export interface Identity {
  sub: string;
  username: string;
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  groups: string[];
}

type Claims = Record<string, string | number | boolean | string[] | undefined>;

/** API Gateway passes array claims as a string like "[admin users]". */
export function parseGroups(value: unknown): string[] {
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
  };
}

export const isAdmin = (identity: Identity | null) => Boolean(identity?.groups.includes('admin'));
