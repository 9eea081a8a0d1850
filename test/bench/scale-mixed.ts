import { AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '@functions/adapters/dynamodb/keys';
import { queryAll } from '@functions/adapters/dynamodb/query';
import type { LocalOutputs } from '@infra/local/stack';
import { serviceEnvironment } from '@infra/local/service-environment';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { priceOfMillilitres } from '@shared/money';
import { summarize, type LatencySummary, type SimulatedVend } from './scale-shared';

/**
 * The mixed-load part of the scale run (`npm run scale -- --mixed`, test/bench/scale.ts): vends across the fleet
 * (done by the station process, paid by bench users) and app page loads (from this process), then the checks that no
 * vend was lost or charged wrong.
 */

/** Each bench user's top-up: far more than the run's vends can spend, so no vend is refused for the balance. */
const TOP_UP = 10_000_000;
/**
 * People paying at once: each vend holds and settles against its payer's balance item in a transaction, so one
 * payer for the whole fleet would make every vend conflict with the others (and no fleet has one customer).
 */
const BENCH_USERS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface BenchUser { sub: string; token: string; balanceBefore: number }

/** Bench users in the local Cognito, signed in, with a profile and a top-up each; and the stations' vend key. */
export async function prepareMixed(outputs: LocalOutputs, log: (line: string) => void) {
  Object.assign(process.env, serviceEnvironment(outputs));
  const { services } = await import('@functions/composition');
  const cognito = new CognitoIdentityProviderClient({ endpoint: outputs.cognito.endpoint, region: outputs.cognito.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const password = `Scale-${crypto.randomUUID()}-1a`;
  const users: BenchUser[] = [];
  for (let i = 0; i < BENCH_USERS; i++) {
    const username = `scale-${Date.now()}-${i}@bali-refill.test`;
    await cognito.send(new AdminCreateUserCommand({
      UserPoolId: outputs.cognito.userPoolId, Username: username, MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: username }, { Name: 'email_verified', Value: 'true' }, { Name: 'given_name', Value: 'Scale' }, { Name: 'family_name', Value: `User ${i}` }],
    }));
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: outputs.cognito.userPoolId, Username: username, Password: password, Permanent: true }));
    const response = await fetch(outputs.cognito.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: outputs.cognito.clientId, AuthParameters: { USERNAME: username, PASSWORD: password } }),
    });
    const token = ((await response.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
    // The profile, as the app's first call makes it.
    const me = await fetch(`${outputs.api}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    const { id: sub } = (await me.json()) as { id: string };
    await services().ledger.post(sub, 'topup', TOP_UP, `scale-topup-${sub}`, { reference: 'scale run', actor: 'gateway' });
    users.push({ sub, token, balanceBefore: (await services().users.get(sub))!.balance });
  }
  cognito.destroy();
  log(`${BENCH_USERS} bench users signed in and topped up`);
  return { users, vendPublicKeyPem: await services().signingKeys.publicKeyPem() };
}

const stationListUrl = (outputs: LocalOutputs) => `${outputs.storage.endpoint}/${outputs.storage.stationListBucket}${STATION_LIST_SNAPSHOT_PATH}`;

/** As in a deployment: the station list's first publication (once a minute) is in place before anyone loads a page. */
export async function waitForStationList(outputs: LocalOutputs) {
  for (let waited = 0; (await fetch(stationListUrl(outputs)).then((r) => (void r.body?.cancel(), r.status))) !== 200; waited += 2000) {
    if (waited > 120_000) throw new Error(`the station list file is not published: ${stationListUrl(outputs)}`);
    await sleep(2000);
  }
}

/**
 * What the app's home loads, `perSecond` times a second until stopped (the bench users in turn): the signed-in
 * user's profile, history and impact from the API, and the station list file from the edge (locally the S3 emulator), all at once. A load's
 * time is the slowest of them. Each user's browser keeps the list it got last: the app fetches it with `no-cache`
 * (frontend/src/api/stations.ts), so the browser revalidates it with its ETag and gets a 304 while it is unchanged.
 */
export function startPageLoads(outputs: LocalOutputs, userTokens: string[], perSecond: number) {
  const listUrl = stationListUrl(outputs);
  let turn = 0;
  const times: number[] = [];
  const failures: Record<string, number> = {};
  const running = new Set<Promise<void>>();
  let retried = 0;
  /** The list's ETag in each user's browser cache, and how the list requests were answered. */
  const cachedTag = new Map<string, string>();
  const listAnswers = { full: 0, notModified: 0 };
  /**
   * A GET as a browser makes it: once more when the connection failed before an answer (a kept-alive socket the
   * server closed as it was reused), never on an HTTP error.
   */
  const get = async (url: string, label: string, headers: Record<string, string> = {}, seen?: (response: Response) => void) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        seen?.(response);
        return `${label} ${response.status}`;
      } catch (error) {
        if (attempt === 2) return `${label}: ${(error as Error).message}`;
        retried++;
      }
    }
  };
  const load = async () => {
    const user = userTokens[turn++ % userTokens.length]!;
    const bearer = { authorization: `Bearer ${user}` };
    const tag = cachedTag.get(user);
    const started = performance.now();
    const responses = await Promise.all([
      ...['/api/auth/user', '/api/transactions', '/api/environmental-impact'].map((path) => get(outputs.api + path, path, bearer)),
      get(listUrl, 'station list', tag ? { 'if-none-match': tag } : {}, (response) => {
        if (response.status === 304) listAnswers.notModified++;
        if (response.status !== 200) return;
        listAnswers.full++;
        const etag = response.headers.get('etag');
        if (etag) cachedTag.set(user, etag);
      }),
    ]);
    const failed = responses.filter((r) => !/ (200|304)$/.test(r));
    for (const f of failed) failures[f] = (failures[f] ?? 0) + 1;
    if (!failed.length) times.push(performance.now() - started);
  };
  const timer = setInterval(() => {
    const one = load().finally(() => running.delete(one));
    running.add(one);
  }, 1000 / perSecond);
  return {
    async stop(): Promise<{ loads: number; ms: LatencySummary; failures: Record<string, number>; retried: number; stationList: typeof listAnswers }> {
      clearInterval(timer);
      await Promise.all(running);
      return { loads: times.length + Object.values(failures).reduce((a, b) => a + b, 0), ms: summarize(times), failures, retried, stationList: listAnswers };
    },
  };
}

/**
 * Every completed vend settled exactly: its session completed with the millilitres the station reported and charged
 * their price; each user's balance down by the sum of their charges and of the holds of their sessions still open,
 * and equal to the sum of their ledger entries.
 * Waits up to `timeoutMs` for the settlements still under way.
 */
export async function verifyVends(vends: SimulatedVend[], users: BenchUser[], db: DynamoDBDocumentClient, tableName: string, timeoutMs = 120_000) {
  const { services } = await import('@functions/composition');
  const completed = vends.filter((v) => v.outcome === 'completed' && v.sessionId);
  const deadline = Date.now() + timeoutMs;
  let unsettled: SimulatedVend[] = completed;
  const wrong: { sessionId: string; reason: string }[] = [];
  const chargedBy = new Map<string, number>();
  while (unsettled.length && Date.now() < deadline) {
    const next: SimulatedVend[] = [];
    for (let i = 0; i < unsettled.length; i += 50) {
      await Promise.all(unsettled.slice(i, i + 50).map(async (vend) => {
        const session = await services().vendSessions.get(vend.sessionId!);
        if (!session || session.status === 'open') return void next.push(vend);
        const expected = priceOfMillilitres(vend.dispensedMl, session.pricePerLitre);
        if (session.status !== 'completed') wrong.push({ sessionId: vend.sessionId!, reason: `session ${session.status}` });
        else if (session.dispensedMl !== vend.dispensedMl) wrong.push({ sessionId: vend.sessionId!, reason: `${session.dispensedMl} ml stored, ${vend.dispensedMl} ml dispensed` });
        else if (session.charged !== expected) wrong.push({ sessionId: vend.sessionId!, reason: `charged ${session.charged}, ${expected} due` });
        chargedBy.set(session.userId, (chargedBy.get(session.userId) ?? 0) + (session.charged ?? 0));
      }));
    }
    unsettled = next;
    if (unsettled.length) await sleep(1000);
  }
  // Sessions the station gave up on (no answer in time) stay open, their hold on the balance, until they expire and
  // the sweep releases it: counted as held, not as lost.
  const heldBy = new Map<string, number>();
  let cursor: string | undefined;
  do {
    const page = await services().vendSessions.listExpired('9999-12-31T00:00:00.000Z', 500, cursor);
    for (const session of page.items) heldBy.set(session.userId, (heldBy.get(session.userId) ?? 0) + session.holdAmount);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const balances = await Promise.all(users.map(async (user) => {
    const after = (await services().users.get(user.sub))!.balance;
    const entries = await queryAll(db, new QueryCommand({
      TableName: tableName, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)', ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': keys.user(user.sub).PK, ':prefix': keys.ledgerPrefix },
    }));
    const ledgerSum = entries.reduce((sum, e) => sum + Number(e.amount ?? 0), 0);
    const charged = chargedBy.get(user.sub) ?? 0;
    const held = heldBy.get(user.sub) ?? 0;
    return { sub: user.sub, before: user.balanceBefore, charged, held, after, ledgerSum, balanceMatches: user.balanceBefore - charged - held === after, ledgerMatches: ledgerSum === after };
  }));
  return {
    completed: completed.length,
    unsettled: unsettled.length,
    wrong,
    charged: balances.reduce((sum, b) => sum + b.charged, 0),
    held: balances.reduce((sum, b) => sum + b.held, 0),
    balancesWrong: balances.filter((b) => !b.balanceMatches),
    ledgersWrong: balances.filter((b) => !b.ledgerMatches),
    users: users.length,
  };
}

export const vendFigures = (vends: SimulatedVend[]) => ({
  ms: summarize(vends.filter((v) => v.outcome === 'completed').map((v) => v.ms)),
  tokenMs: summarize(vends.filter((v) => v.outcome === 'completed').map((v) => v.tokenMs)),
  outcomes: vends.reduce<Record<string, number>>((counts, v) => ((counts[v.outcome] = (counts[v.outcome] ?? 0) + 1), counts), {}),
});
