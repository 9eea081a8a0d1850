import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { importSPKI } from 'jose';
import { HEARTBEAT_INTERVAL_SECONDS } from '@shared/constants';
import type { Services } from './composition';
import type { StationIdentity } from './ca';
import { REPO_ROOT } from '../repo-root';
import { serviceEnvironment } from './service-environment';
import { between, formatSummary, localCustomers, startFleet, storedReadings } from './simulator';

/** `npm run stations`: a fleet of simulated stations against the running local cloud, or a real broker with --certs. */
const USAGE = `Usage: npm run stations -- --count N [options]

Runs N simulated stations against the local broker of a running \`npm start\` (read from .local/outputs.json),
or against another broker (an IoT Core endpoint) with certificates you provide.

  --count N             stations to run (seeded ids first: HRL-00001, HRL-00002, ...)       default 5
  --broker URL          mqtts://host:port                                     default: the local broker
  --interval S          longest silence between heartbeats (sent on change too)  default: the settings' interval (300)
  --vend-every S        average seconds between vends across the fleet (0: none; local only)  default 15
  --fail-chance P       chance that a vend fails at the station                               default 0.08
  --drop-chance P       chance per heartbeat that a station's connection drops                default 0.03
  --duration S          stop after S seconds (default: run until Ctrl-C)
  --certs DIR           use DIR/<station id>/{cert.pem,key.pem,ca.pem} instead of the local CA
  --ca FILE             CA certificate of the broker (with --certs; default DIR/<id>/ca.pem)
  --vend-public-key F   PEM public key that signs vend tokens (default: the local signing key)
  --outage ID MINUTES   cut station ID's connection for MINUTES a few seconds after start (repeatable): it serves
                        wallet customers offline and delivers their completions when it reconnects
`;

/** `--outage <station> <minutes>` pairs, taken out of the arguments (parseArgs takes one value per option). */
function outagesOf(args: string[]): { rest: string[]; outages: { stationId: string; minutes: number }[] } {
  const rest: string[] = [];
  const outages: { stationId: string; minutes: number }[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--outage') {
      rest.push(args[i]!);
      continue;
    }
    const [stationId, minutes] = [args[i + 1], Number(args[i + 2])];
    if (!stationId || !Number.isFinite(minutes) || minutes <= 0 || minutes > 1440) throw new Error('--outage needs a station id and minutes from 0 to 1440, like --outage HRL-00001 10');
    outages.push({ stationId, minutes });
    i += 2;
  }
  return { rest, outages };
}

async function main() {
  const { rest, outages } = outagesOf(process.argv.slice(2));
  const { values } = parseArgs({
    args: rest,
    options: {
      count: { type: 'string', default: '5' },
      broker: { type: 'string' },
      interval: { type: 'string' },
      'vend-every': { type: 'string', default: '15' },
      'fail-chance': { type: 'string', default: '0.08' },
      'drop-chance': { type: 'string', default: '0.03' },
      duration: { type: 'string' },
      certs: { type: 'string' },
      ca: { type: 'string' },
      'vend-public-key': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return void console.log(USAGE);
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw new Error('--count must be a whole number from 1 to 1000');

  const outputsFile = join(REPO_ROOT, '.local/outputs.json');
  const outputs = existsSync(outputsFile) ? (JSON.parse(readFileSync(outputsFile, 'utf8')) as import('./stack').LocalOutputs) : undefined;
  const local = !values.certs;
  if (local && !outputs?.stations) throw new Error('No local stack found: start it with `npm start` first (or give --broker and --certs)');
  const brokerUrl = values.broker ?? outputs?.stations?.broker;
  if (!brokerUrl) throw new Error('--broker is required with --certs');

  const target = new URL(brokerUrl);
  const reachable = await new Promise<boolean>((done) => {
    const socket = connect(Number(target.port || 8883), target.hostname);
    socket.setTimeout(3000, () => (socket.destroy(), done(false)));
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
  if (!reachable) throw new Error(`The broker at ${brokerUrl} does not answer${local ? ': is `npm start` running?' : ''}`);

  let services: Services | undefined;
  let stationIds: string[];
  let identity: (id: string) => Promise<StationIdentity>;
  let vendPublicKeyPem: string;
  const { SEED_STATIONS } = await import('./seed-stations');

  if (local) {
    const s = outputs!.stations!;
    Object.assign(process.env, serviceEnvironment(outputs!), { LOCAL_BROKER_URL: brokerUrl });
    const { createServices } = await import('./composition');
    const { LocalCa } = await import('./adapters/local-ca');
    const { stationIdentity, stationStatePaths, saveStationBundle } = await import('./ca');
    const { provisionStation } = await import('@functions/fleet/domain/stations');
    services = createServices(process.env);
    const ca = await LocalCa.open(s.caDir);
    const storeDir = stationStatePaths(join(s.caDir, '..')).stationsDir;
    // Seeded ids first, skipping those the running stack's own fleet simulates (two clients with one id would take turns kicking each other off).
    const busy = new Set(s.fleet ?? []);
    const candidates = [...SEED_STATIONS.map((st) => st.id), ...Array.from({ length: count + busy.size }, (_, i) => `HRL-${String(SEED_STATIONS.length + i + 1).padStart(5, '0')}`)];
    stationIds = candidates.filter((id) => !busy.has(id)).slice(0, count);
    if (busy.size) console.log(`  (leaving ${[...busy].join(', ')} to the fleet that npm start runs)`);
    const settings = await services.settings.get();
    // Stations beyond the seeded ones are provisioned as an admin would (machine + certificate bundle).
    const seeded = new Set(SEED_STATIONS.map((st) => st.id));
    for (const id of stationIds.filter((i) => !seeded.has(i))) {
      if (await services.machines.get(id)) continue;
      const { bundle } = await provisionStation(
        { id, name: `Simulated station ${id.slice(-5)}`, location: 'Denpasar, Bali', latitude: (-8.65 + between(-0.05, 0.05)).toFixed(4), longitude: (115.22 + between(-0.05, 0.05)).toFixed(4), status: 'online' },
        { machines: services.machines, registry: services.stationRegistry, signingKeys: services.signingKeys, clock: services.clock, settings },
      );
      saveStationBundle(storeDir, id, bundle);
      console.log(`  provisioned ${id}`);
    }
    identity = (id) => stationIdentity(ca, storeDir, id);
    vendPublicKeyPem = values['vend-public-key'] ? readFileSync(values['vend-public-key'], 'utf8') : await services.signingKeys.publicKeyPem();
    values.interval ??= String(settings.heartbeatIntervalSeconds);
  } else {
    const dir = values.certs!;
    const ids = readdirSync(dir).filter((name) => existsSync(join(dir, name, 'cert.pem'))).sort();
    stationIds = ids.slice(0, count);
    if (stationIds.length < count) console.log(`  only ${stationIds.length} station certificate(s) in ${dir}`);
    identity = async (id) => ({
      id,
      certificatePem: readFileSync(join(dir, id, 'cert.pem'), 'utf8'),
      privateKeyPem: readFileSync(join(dir, id, 'key.pem'), 'utf8'),
      caPem: readFileSync(values.ca ?? join(dir, id, 'ca.pem'), 'utf8'),
    });
    if (!values['vend-public-key']) throw new Error('--vend-public-key is required with --certs');
    vendPublicKeyPem = readFileSync(values['vend-public-key'], 'utf8');
  }

  const heartbeatSeconds = Number(values.interval ?? HEARTBEAT_INTERVAL_SECONDS);
  console.log(`\n  Simulating ${stationIds.length} station(s) on ${brokerUrl}: heartbeats on change and at least every ${heartbeatSeconds} s${local && Number(values['vend-every']) > 0 ? `, a vend every ~${values['vend-every']} s` : ''}\n`);
  const fleet = await startFleet({
    brokerUrl,
    stationIds,
    identity,
    vendPublicKey: await importSPKI(vendPublicKeyPem, 'ES256'),
    heartbeatSeconds,
    vendEverySeconds: local ? Number(values['vend-every']) : 0,
    issueToken: services ? localCustomers(services) : undefined,
    outages,
    initialState: services ? storedReadings(services) : undefined,
    dropChance: Number(values['drop-chance']),
    failChance: Number(values['fail-chance']),
    log: (line) => console.log(`  ${line}`),
    progressSeconds: 10,
  });

  let finishing = false;
  const finish = async () => {
    if (finishing) return;
    finishing = true;
    const summary = await fleet.stop();
    console.log(`\n${formatSummary(summary)}\n`);
    process.exit(0);
  };
  process.on('SIGINT', () => void finish());
  process.on('SIGTERM', () => void finish());
  if (values.duration) setTimeout(() => void finish(), Number(values.duration) * 1000);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`\n  ${(error as Error).message}\n`);
    process.exit(1);
  });
}
