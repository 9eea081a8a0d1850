import { AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '@functions/platform/adapters/dynamodb/keys';
import { queryAll } from '@functions/platform/adapters/dynamodb/query';
import type { LocalOutputs } from '@infra/local/stack';
import { serviceEnvironment } from '@infra/local/service-environment';
import { STATION_LIST_SNAPSHOT_PATH } from '@shared/constants';
import { isTiledStationList, stationTilePath, type StationListFile } from '@shared/station-tiles';
import { around, selectTiles } from '../../frontend/src/api/station-tiles';
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
  const { services } = await import('../../infra/local/composition');
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

/** A file of the station list at the edge (locally the S3 emulator's bucket, which CloudFront's origin is). */
const edgeUrl = (outputs: LocalOutputs, path: string) => `${outputs.storage.endpoint}/${outputs.storage.stationListBucket}${path}`;
const stationListUrl = (outputs: LocalOutputs) => edgeUrl(outputs, STATION_LIST_SNAPSHOT_PATH);

/** As in a deployment: the station list's first publication (once a minute) is in place before anyone loads a page. */
export async function waitForStationList(outputs: LocalOutputs) {
  for (let waited = 0; (await fetch(stationListUrl(outputs)).then((r) => (void r.body?.cancel(), r.status))) !== 200; waited += 2000) {
    if (waited > 120_000) throw new Error(`the station list file is not published: ${stationListUrl(outputs)}`);
    await sleep(2000);
  }
}

/** Where each bench user opens the app: spread over the scale run's fleet (test/bench/scale-table.ts), one per user. */
const homeOf = (user: number) => ({ latitude: -8.84 + (user % 10) * 0.04, longitude: 115.06 + Math.floor(user / 10) * 0.08 });

/**
 * What the app's home loads, `perSecond` times a second until stopped (the bench users in turn): the signed-in
 * user's profile, history and impact from the API, and the station list from the edge (locally the S3 emulator), all
 * at once; above STATION_LIST_TILE_THRESHOLD stations the list names area tiles, and the home then loads the tiles
 * around the user (frontend/src/api/station-tiles.ts). A load's time is the slowest of them. Each user's browser keeps
 * the files it got last: the app fetches them with `no-cache` (frontend/src/api/stations.ts), so the browser
 * revalidates each with its ETag and gets a 304 while it is unchanged.
 */
export function startPageLoads(outputs: LocalOutputs, userTokens: string[], perSecond: number) {
  let turn = 0;
  const times: number[] = [];
  const failures: Record<string, number> = {};
  const running = new Set<Promise<void>>();
  let retried = 0;
  /** Each file as each user's browser cache holds it (ETag and body), and how the list and tile requests were answered. */
  const cached = new Map<string, { etag: string; body: string }>();
  const listAnswers = { full: 0, notModified: 0, tilesFull: 0, tilesNotModified: 0 };
  /**
   * A GET as a browser makes it of a file it may hold (revalidated with its ETag): once more when the connection failed
   * before an answer (a kept-alive socket the server closed as it was reused), never on an HTTP error.
   */
  const get = async (url: string, label: string, headers: Record<string, string> = {}, cacheKey?: string) => {
    const held = cacheKey ? cached.get(cacheKey) : undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(url, { headers: held ? { ...headers, 'if-none-match': held.etag } : headers });
        const body = await response.text();
        const etag = response.headers.get('etag');
        if (cacheKey && response.status === 200 && etag) cached.set(cacheKey, { etag, body });
        return { answer: `${label} ${response.status}`, status: response.status, body: response.status === 304 ? held?.body : body };
      } catch (error) {
        if (attempt === 2) return { answer: `${label}: ${(error as Error).message}`, status: 0, body: undefined };
        retried++;
      }
    }
  };
  const stationList = async (user: number) => {
    const list = await get(stationListUrl(outputs), 'station list', {}, `${user} list`);
    if (list.status === 304) listAnswers.notModified++;
    if (list.status === 200) listAnswers.full++;
    const file = list.body ? (JSON.parse(list.body) as StationListFile) : null;
    if (!file || !isTiledStationList(file)) return [list.answer];
    const tiles = await Promise.all(selectTiles(file.tiles, around(homeOf(user))).load.map((tile) => get(edgeUrl(outputs, stationTilePath(tile.key)), 'station tile', {}, `${user} ${tile.key}`)));
    for (const tile of tiles) {
      if (tile.status === 304) listAnswers.tilesNotModified++;
      if (tile.status === 200) listAnswers.tilesFull++;
    }
    return [list.answer, ...tiles.map((tile) => tile.answer)];
  };
  const load = async () => {
    const user = turn++ % userTokens.length;
    const bearer = { authorization: `Bearer ${userTokens[user]!}` };
    const started = performance.now();
    const responses = (await Promise.all([
      ...['/api/auth/user', '/api/transactions', '/api/environmental-impact'].map(async (path) => [(await get(outputs.api + path, path, bearer)).answer]),
      stationList(user),
    ])).flat();
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
  const { services } = await import('../../infra/local/composition');
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
