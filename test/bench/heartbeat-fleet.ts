import { importSPKI } from 'jose';
import { SimStation } from '@infra/local/simulator';

/**
 * The station side of the heartbeat ingest benchmark (started by test/bench/stations.ts, never on its own):
 * simulated stations in their own process, as real stations are their own devices, so their MQTT and TLS work
 * is not counted against the back end. Protocol over IPC: parent sends `FleetInit`, child answers 'ready' once
 * every station is connected; for each round the parent sends 'go', the child sends every heartbeat of the
 * round (each station waits for its PUBACK before the next) and answers 'sent'; parent sends 'close'.
 * Round r carries counters.uptimeSeconds r * beats + 1 ... (r + 1) * beats, so the parent can tell its rounds apart.
 */
export interface FleetInit {
  type: 'init';
  stations: { id: string; certificatePem: string; privateKeyPem: string; caPem: string }[];
  brokerUrl: string;
  vendPublicKeyPem: string;
  beats: number;
}
export type FleetMessage = { type: 'ready' } | { type: 'sent' } | { type: 'failed'; error: string };

const send = (message: FleetMessage) => process.send?.(message);
if (!process.send) {
  console.error('test/bench/heartbeat-fleet.ts is started by the benchmark (npm run bench)');
  process.exit(2);
}

let fleet: SimStation[] = [];
let beats = 0;
process.on('message', (message: FleetInit | { type: 'go'; round: number } | { type: 'close' }) => {
  const step = async () => {
    if (message.type === 'init') {
      const vendPublicKey = await importSPKI(message.vendPublicKeyPem, 'ES256');
      beats = message.beats;
      fleet = message.stations.map((s) => new SimStation(s, { brokerUrl: message.brokerUrl, vendPublicKey }));
      await Promise.all(fleet.map((s) => s.connect()));
      send({ type: 'ready' });
    } else if (message.type === 'go') {
      await Promise.all(fleet.map(async (s) => {
        for (let n = 1; n <= beats; n++) await s.heartbeat({ counters: { dispensedMl: 0, vends: 0, failures: 0, uptimeSeconds: message.round * beats + n } });
      }));
      send({ type: 'sent' });
    } else {
      await Promise.all(fleet.map((s) => s.close()));
      process.exit(0);
    }
  };
  step().catch((error: unknown) => send({ type: 'failed', error: (error as Error).stack ?? String(error) }));
});
