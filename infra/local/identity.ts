import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { once, relayCodeDeliveries, watchStoredCodes, type CodeDelivery } from './cognito-mail';
import type { Claims, TokenVerifier } from './gateway';
import { DEFAULT_REGION } from '@functions/environment';
import { freePort, waitForPort } from './net';
import type { StaffRole } from '@shared/roles';

const POOL_NAME = 'bali-refill-local';
const CLIENT_NAME = 'web';

/** Local accounts seeded at every start; the README lists them. */
export const LOCAL_ACCOUNTS = [
  { username: 'wayan@bali-refill.test', password: 'Refill-Bali-2025!', role: 'user', givenName: 'Wayan', familyName: 'Sudirta' },
  { username: 'admin@bali-refill.test', password: 'Admin-Bali-2025!', role: 'admin', givenName: 'Ayu', familyName: 'Admin' },
  { username: 'tech@bali-refill.test', password: 'Tech-Bali-2025!', role: 'technician', givenName: 'Made', familyName: 'Teknisi' },
  { username: 'host@bali-refill.test', password: 'Host-Bali-2025!', role: 'host', givenName: 'Komang', familyName: 'Warung' },
] as const;

/** The console's groups (shared/roles.ts) as the CDK app creates them (infra/constructs/identity.ts). */
const LOCAL_GROUPS: Record<StaffRole, string> = {
  admin: 'Operators of the network',
  technician: 'Field technicians: stations, alerts, telemetry, water safety and check-ins; no money or people',
  host: "Partner businesses: their own stations' impact",
};

export interface LocalIdentityOutputs {
  endpoint: string;
  region: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUri: string;
  accounts: { username: string; password: string; role: string; sub: string }[];
}

export interface LocalIdentity {
  outputs: LocalIdentityOutputs;
  verifyToken: TokenVerifier;
  stop(): Promise<void>;
}

/**
 * cognito-local in a child process (it keeps its data in ./.cognito of its working folder), with GlobalSignOut added
 * as Cognito does it (identity-server.mjs: every refresh token of the user revoked). Every code it delivers
 * (sign-up, password reset) goes to `onCode`: the local cloud mails it to the outbox (the parity suite has none).
 */
export async function startIdentity(options: { dataDir: string; port?: number; onCode?: (delivery: CodeDelivery) => void }): Promise<LocalIdentity> {
  mkdirSync(options.dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const bin = fileURLToPath(new URL('./identity-server.mjs', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [bin], {
    cwd: options.dataDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const onCode = once(options.onCode ?? (() => undefined));
  relayCodeDeliveries(child.stdout!, onCode);
  let stopWatching: () => void = () => undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    stopWatching();
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
  };
  try {
    await Promise.race([waitForPort(port), exited.then(() => Promise.reject(new Error('cognito-local exited during start')))]);
    const endpoint = `http://127.0.0.1:${port}`;
    const region = DEFAULT_REGION;
    const cognito = new CognitoIdentityProviderClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const { userPoolId, clientId } = await ensurePool(cognito);
    if (options.onCode) stopWatching = watchStoredCodes(join(options.dataDir, '.cognito', 'db', `${userPoolId}.json`), onCode);
    const accounts = [];
    for (const account of LOCAL_ACCOUNTS) accounts.push({ ...account, sub: await ensureAccount(cognito, userPoolId, account) });
    cognito.destroy();

    const issuer = `${endpoint}/${userPoolId}`;
    const jwksUri = `${issuer}/.well-known/jwks.json`;
    const jwks = createLocalJWKSet((await (await fetch(jwksUri)).json()) as JSONWebKeySet);
    return {
      outputs: {
        endpoint, region, userPoolId, clientId, issuer, jwksUri,
        accounts: accounts.map(({ username, password, role, sub }) => ({ username, password, role, sub })),
      },
      verifyToken: withProfileClaims(jwtAuthorizer({ issuer, audience: clientId, jwks }), { endpoint, region, userPoolId }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * What the HTTP API's JWT authorizer checks: signature against the pool's keys, issuer, expiry,
 * and the app client (aud for ID tokens, client_id for access tokens). Null means 401.
 */
function jwtAuthorizer(config: { issuer: string; audience: string; jwks: ReturnType<typeof createLocalJWKSet> }): TokenVerifier {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, config.jwks, { issuer: config.issuer, algorithms: ['RS256'] });
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audience.includes(config.audience) && payload.client_id !== config.audience) return null;
      return payload as Claims;
    } catch {
      return null;
    }
  };
}

/**
 * Real Cognito ID tokens carry the user's standard attributes (given_name, family_name, picture);
 * cognito-local's do not. Locally they are filled in from the pool, once per user, so that handlers
 * see the same claims as behind the cloud's JWT authorizer.
 */
function withProfileClaims(verify: TokenVerifier, pool: { endpoint: string; region: string; userPoolId: string }): TokenVerifier {
  const cognito = new CognitoIdentityProviderClient({ endpoint: pool.endpoint, region: pool.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const profiles = new Map<string, Promise<Claims>>();
  const STANDARD = ['given_name', 'family_name', 'picture'];
  return async (token) => {
    const claims = await verify(token);
    if (!claims || claims.token_use !== 'id' || typeof claims['cognito:username'] !== 'string') return claims;
    const username = claims['cognito:username'];
    if (!profiles.has(username)) {
      profiles.set(username, cognito.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: username }))
        .then((user) => Object.fromEntries((user.UserAttributes ?? []).filter((a) => STANDARD.includes(a.Name!)).map((a) => [a.Name!, a.Value!])))
        .catch(() => ({})));
    }
    return { ...(await profiles.get(username)!), ...claims };
  };
}

async function ensurePool(cognito: CognitoIdentityProviderClient) {
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await cognito.send(new CreateUserPoolCommand({
      PoolName: POOL_NAME,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: 10, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true } },
    }));
    userPoolId = created.UserPool!.Id!;
  }
  // At every start, so that a pool made before a group existed gets it too (cognito-local's CreateGroup would
  // overwrite a group that exists, members and all, so only the missing ones).
  const groups = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  for (const [GroupName, Description] of Object.entries(LOCAL_GROUPS)) {
    if (!groups.Groups?.some((g) => g.GroupName === GroupName)) await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName, Description }));
  }
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!clientId) {
    const created = await cognito.send(new CreateUserPoolClientCommand({
      UserPoolId: userPoolId, ClientName: CLIENT_NAME, ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }));
    clientId = created.UserPoolClient!.ClientId!;
  }
  return { userPoolId, clientId };
}

async function ensureAccount(cognito: CognitoIdentityProviderClient, userPoolId: string, account: (typeof LOCAL_ACCOUNTS)[number]) {
  const sub = async () => {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: account.username }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username!;
  };
  try {
    return await sub();
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
  await cognito.send(new AdminCreateUserCommand({
    UserPoolId: userPoolId,
    Username: account.username,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: account.username },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: account.givenName },
      { Name: 'family_name', Value: account.familyName },
    ],
  }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: account.username, Password: account.password, Permanent: true }));
  const id = await sub();
  if (account.role !== 'user') await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: id, GroupName: account.role }));
  return id;
}
