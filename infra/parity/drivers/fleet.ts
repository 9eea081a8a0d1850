import { newKey, type Driver } from '../drive';
import { stationTopics } from '@functions/vending/ports/station-messages';
import { is, list, notAdmin, record } from './helpers';

/** A lab test's report as a browser uploads it (the record route checks its first bytes). */
const LAB_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** Provisioning and running the stations: their readings, presence, water safety, alerts and remote commands (shared/routes/fleet.ts). */
export const fleet = {
  'Api/adminCreateMachine': {
    http: [
      {
        name: 'provisions a station (IoT thing, certificate, policy) and returns its bundle once',
        as: 'admin',
        body: (s) => ({ id: s.station.id, name: 'Parity Station', location: 'Jl. Raya Ubud, Bali', latitude: '-8.5069', longitude: '115.2625' }),
        expect: 201,
        check: async ({ body }, s) => {
          const bundle = record(record(body).bundle);
          const things = s.app.cloud.iot.snapshot().things.filter((t) => t.name === s.station.id);
          return (
            is(things.length === 1 && things[0]!.principals.length === 1, `IoT holds ${JSON.stringify(things)}`) ??
            is(typeof bundle.endpoint === 'string' && bundle.endpoint.length > 0, 'the bundle has no endpoint') ??
            is(String(bundle.vendPublicKeyPem).includes('BEGIN PUBLIC KEY'), 'no vend public key')
          );
        },
      },
      { name: 'refuses a malformed station id', as: 'admin', body: { id: 'not an id', name: 'x', location: 'x', latitude: '0', longitude: '0' }, expect: 400 },
      notAdmin({ body: (s) => ({ id: s.station.id.replace(/\d+$/, '99999'), name: 'x', location: 'x', latitude: '0', longitude: '0' }) }),
    ],
  },
  'Api/geocode': {
    http: [
      { name: 'searches Bali addresses in the place index', as: 'admin', query: { q: 'Ubud' }, expect: 200, check: ({ body }) => is(list(body).length > 0, 'no results') },
      { name: 'refuses a query shorter than 3 characters', as: 'admin', query: { q: 'U' }, expect: 400 },
    ],
  },
  'Api/adminUpdateMachine': {
    http: [
      { name: 'edits the station', as: 'admin', params: (s) => ({ id: s.station.id }), body: { name: 'Parity Station Ubud', location: 'Jl. Raya Ubud 1, Bali', status: 'online' }, expect: 200 },
      { name: 'answers 404 for an unknown station', as: 'admin', params: { id: 'PRT-000001' }, body: { name: 'x', location: 'x', status: 'online' }, expect: 404 },
    ],
  },
  'Api/adminListMachines': {
    http: [
      { name: 'lists every station for the console', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((m) => m.id === s.station.id), 'the provisioned station is missing') },
      notAdmin(),
    ],
  },
  'Stations/heartbeat': {
    // The heartbeat rule writes the reading (Basic Ingest, DynamoDB action); the table's stream invokes the function.
    stream: [
      {
        name: 'folds the heartbeat into the station',
        topic: (s) => stationTopics.heartbeat(s.station.id),
        payload: { waterLevel: 82, quality: { tdsPpm: 14, temperatureC: 27.5 }, firmwareVersion: '1.4.2', counters: { dispensedMl: 0, vends: 0, failures: 0 } },
        check: (result) => is(JSON.stringify((result as { outcomes?: unknown }).outcomes) === '{"applied":1}', `result ${JSON.stringify(result)}`),
      },
      {
        name: 'folds a heartbeat with the water below the alert threshold (opens an alert)',
        topic: (s) => stationTopics.heartbeat(s.station.id),
        payload: { waterLevel: 5, quality: { tdsPpm: 14, temperatureC: 27.5 }, firmwareVersion: '1.4.2', counters: { dispensedMl: 0, vends: 0, failures: 0 }, signalDbm: -80 },
        check: (result) => is(JSON.stringify((result as { outcomes?: unknown }).outcomes) === '{"applied":1}', `result ${JSON.stringify(result)}`),
      },
      {
        name: 'drops (and removes) a reading out of range',
        topic: (s) => stationTopics.heartbeat(s.station.id),
        payload: { waterLevel: 180, quality: { tdsPpm: 14, temperatureC: 27.5 }, firmwareVersion: '1.4.2', counters: { dispensedMl: 0, vends: 0 } },
        check: (result) => is(JSON.stringify((result as { outcomes?: unknown }).outcomes) === '{"dropped":1}', `result ${JSON.stringify(result)}`),
      },
    ],
  },
  'Stations/presence': {
    topic: [
      {
        name: 'marks the station offline when it disconnects',
        topic: (s) => `$aws/events/presence/disconnected/${s.station.id}`,
        payload: (s) => ({ clientId: s.station.id, timestamp: Date.now(), eventType: 'disconnected', clientInitiatedDisconnect: false, disconnectReason: 'CONNECTION_LOST', sessionIdentifier: newKey(), versionNumber: 1 }),
        check: (result) => is(result === 'applied', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'marks it online again when it connects',
        topic: (s) => `$aws/events/presence/connected/${s.station.id}`,
        payload: (s) => ({ clientId: s.station.id, timestamp: Date.now() + 1, eventType: 'connected', sessionIdentifier: newKey(), versionNumber: 2, ipAddress: '203.0.113.20' }),
        check: (result) => is(result === 'applied', `outcome ${JSON.stringify(result)}`),
      },
    ],
  },
  'Stations/commandSweep': {
    schedule: [{ name: 'looks for command executions queued too long on its schedule (none yet)', check: (result) => is(result === 0, `command sweep ${JSON.stringify(result)}`) }],
  },
  'Stations/alertSweep': {
    schedule: [{ name: 'looks for silent stations, waiting dead letters and due alert e-mails on its schedule', check: (result) => is(record(result).errors === 0, `alert sweep ${JSON.stringify(result)}`) }],
  },
  'Api/adminMachineTelemetry': {
    http: [
      {
        name: "reads the station's readings of the last hour",
        as: 'admin',
        params: (s) => ({ id: s.station.id }),
        query: () => ({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() }),
        expect: 200,
        check: ({ body }) => is(list(body).some((r) => r.waterLevel === 5), 'the low-water reading is missing'),
      },
      { name: 'refuses a range that ends before it starts', as: 'admin', params: (s) => ({ id: s.station.id }), query: { from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, expect: 400 },
      notAdmin({ params: (s) => ({ id: s.station.id }), query: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' } }),
    ],
  },
  'Api/adminMachineEvents': {
    http: [
      { name: "lists the station's connection events", as: 'admin', params: (s) => ({ id: s.station.id }), expect: 200, check: ({ body }) => is(list(body).some((e) => e.kind === 'connected'), 'the connect is missing') },
      notAdmin({ params: (s) => ({ id: s.station.id }) }),
    ],
  },
  // The browser's part of a lab report: it posts the PDF to the presigned upload (here straight into the parity S3).
  'Api/adminCreateLabReportUpload': {
    http: [
      {
        name: "presigns one lab test PDF under uploads/, and the browser's upload lands there",
        as: 'technician',
        params: (s) => ({ id: s.station.id }),
        body: { contentType: 'application/pdf', size: LAB_PDF.length },
        expect: 201,
        check: async ({ body }, s) => {
          const key = String(record(body).key);
          if (!/^uploads\//.test(key)) return `upload ${JSON.stringify(body)}`;
          const bucket = s.app.functions.get('Api/adminRecordSafety')?.templateEnvironment?.FILES_BUCKET;
          const put = await s.app.cloud.objects.handle({ method: 'PUT', path: `/${bucket}/${key}`, query: new URLSearchParams(), headers: { 'content-type': 'application/pdf' }, body: LAB_PDF });
          s.values.labReportKey = key;
          return is(put.status === 200, `the upload to ${String(bucket)} answered ${put.status}`);
        },
      },
      { name: 'refuses a file that is not a PDF', as: 'technician', params: (s) => ({ id: s.station.id }), body: { contentType: 'image/png', size: 10 }, expect: 400 },
      notAdmin({ params: (s) => ({ id: s.station.id }), body: { contentType: 'application/pdf', size: 10 } }),
    ],
  },
  'Api/adminRecordSafety': {
    http: [
      { name: 'records a sanitation visit', as: 'admin', params: (s) => ({ id: s.station.id }), body: { kind: 'sanitation', date: '2026-01-15', note: 'parity' }, expect: 201 },
      {
        name: "keeps a lab test's uploaded PDF under lab-tests/ and deletes the upload",
        as: 'technician',
        params: (s) => ({ id: s.station.id }),
        body: (s) => ({ kind: 'labTest', date: '2026-01-16', result: 'pass', note: 'parity', reportKey: s.kept('labReportKey') }),
        expect: 201,
        check: ({ body }, s) => {
          s.values.labRecordId = String(record(body).id);
          return is((record(body).labReport as { bytes?: number } | undefined)?.bytes === LAB_PDF.length, `labReport ${JSON.stringify(record(body).labReport)}`);
        },
      },
      {
        name: 'refuses a lab test whose PDF was never uploaded',
        as: 'admin',
        params: (s) => ({ id: s.station.id }),
        body: { kind: 'labTest', date: '2026-01-16', result: 'pass', reportKey: 'uploads/00000000-0000-4000-8000-000000000000' },
        expect: 400,
      },
      notAdmin({ params: (s) => ({ id: s.station.id }), body: { kind: 'sanitation', date: '2026-01-15' } }),
    ],
  },
  'Api/adminGetLabReport': {
    http: [
      {
        name: "links the lab test's PDF for 5 minutes",
        as: 'technician',
        params: (s) => ({ id: s.station.id, recordId: s.kept('labRecordId') }),
        expect: 200,
        check: ({ body }, s) => is(String(record(body).url).includes(`lab-tests/${s.kept('labRecordId')}.pdf`), `url ${String(record(body).url)}`),
      },
      { name: 'answers 404 for a record without a PDF', as: 'admin', params: (s) => ({ id: s.station.id, recordId: 'no-such-record' }), expect: 404 },
      notAdmin({ params: (s) => ({ id: s.station.id, recordId: 'no-such-record' }) }),
    ],
  },
  'Api/adminMachineSafety': {
    http: [
      { name: "reads the station's water safety and its history", as: 'admin', params: (s) => ({ id: s.station.id }), expect: 200 },
      notAdmin({ params: (s) => ({ id: s.station.id }) }),
    ],
  },
  // Not the scenario's station: a lock would deny the vends later drivers make there.
  'Api/adminLockStation': {
    http: [
      { name: 'answers 404 for an unknown station', as: 'technician', params: { id: 'PRT-000001' }, body: { note: 'parity' }, expect: 404 },
      { name: 'refuses a lock without a reason', as: 'technician', params: (s) => ({ id: s.station.id }), body: { note: ' ' }, expect: 400 },
      notAdmin({ params: (s) => ({ id: s.station.id }), body: { note: 'parity' } }),
    ],
  },
  'Api/adminClearSafetyLock': {
    http: [
      { name: 'answers 409 for a station that is not locked', as: 'admin', params: (s) => ({ id: s.station.id }), body: { note: 'parity' }, expect: 409 },
      notAdmin({ params: (s) => ({ id: s.station.id }), body: { note: 'parity' } }),
    ],
  },
  'Api/adminListAlerts': {
    http: [
      { name: 'lists the low-water alert the heartbeat opened', as: 'admin', query: (s) => ({ stationId: s.station.id }), expect: 200, check: ({ body }, s) => is(list(body).some((a) => a.stationId === s.station.id && a.rule === 'lowWater'), 'the alert is missing') },
      notAdmin(),
    ],
  },
  'Api/adminAlertCounts': {
    http: [{ name: 'counts the open alerts', as: 'admin', expect: 200, check: ({ body }) => is(Number(record(body).open) >= 1, `counts ${JSON.stringify(body)}`) }, notAdmin()],
  },
  'Api/adminAcknowledgeAlert': {
    http: [{ name: 'answers 404 for an unknown alert', as: 'admin', params: { id: 'PRT-000001.offline.1' }, expect: 404 }, notAdmin({ params: { id: 'PRT-000001.offline.1' } })],
  },
  // Remote commands: a one-station firmware rollout whose failed result stops it (commandResult cancels the job), and
  // a restart left in progress for the abort.
  'Api/adminCreateCommand': {
    http: [
      {
        name: 'sends a firmware update to the station as an IoT job of its first step',
        as: 'admin',
        body: (s) => ({ type: 'firmware', version: 'parity-2.0.0', rollout: { stepPercent: 50, abortFailurePercent: 0 }, target: { stationIds: [s.station.id] } }),
        expect: 201,
        check: ({ body }, s) => {
          const id = String(record(body).id);
          s.values.commandId = id;
          const job = s.app.cloud.iot.snapshot().jobs.find((j) => j.id === `${id}_1`);
          return is(job?.targets.length === 1 && job.targets[0]!.endsWith(`:thing/${s.station.id}`), `IoT holds ${JSON.stringify(job)}`) ??
            is(record(job?.document).type === 'firmware', `document ${JSON.stringify(job?.document)}`);
        },
      },
      {
        name: 'sends a restart (left in progress for the abort)',
        as: 'admin',
        body: (s) => ({ type: 'restart', target: { stationIds: [s.station.id] } }),
        expect: 201,
        check: ({ body }, s) => void (s.values.abortCommandId = String(record(body).id)),
      },
      { name: 'refuses an unknown station', as: 'admin', body: { type: 'restart', target: { stationIds: ['PRT-000001'] } }, expect: 400 },
      notAdmin({ body: (s) => ({ type: 'restart', target: { stationIds: [s.station.id] } }) }),
    ],
  },
  'Api/adminListCommands': {
    http: [{ name: 'lists the commands newest first', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body)[0]?.id === s.kept('abortCommandId'), `list ${JSON.stringify(body)}`) }, notAdmin()],
  },
  'Api/adminGetCommand': {
    http: [
      { name: "reads the command and the station's execution", as: 'admin', params: (s) => ({ id: s.kept('commandId') }), expect: 200, check: ({ body }) => is(list(record(body).executions)[0]?.status === 'queued', `command ${JSON.stringify(body)}`) },
      { name: 'answers 404 for an unknown command', as: 'admin', params: { id: 'no-such-command' }, expect: 404 },
    ],
  },
  'Stations/commandResult': {
    topic: [
      {
        name: "records the station's progress",
        topic: (s) => `stations/${s.station.id}/command/progress`,
        payload: (s) => ({ jobId: `${s.kept('commandId')}_1`, progress: 40 }),
        check: (result) => is(result === 'recorded', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'ends the execution failed: past the threshold, the rollout stops and its job is canceled',
        topic: (s) => `$aws/events/jobExecution/${s.kept('commandId')}_1/failed`,
        payload: (s) => ({
          eventType: 'JOB_EXECUTION', eventId: newKey(), timestamp: Math.floor(Date.now() / 1000), operation: 'failed', jobId: `${s.kept('commandId')}_1`,
          thingArn: `arn:aws:iot:ap-southeast-1:123456789012:thing/${s.station.id}`, status: 'FAILED', statusDetails: { reason: 'image verification failed' },
        }),
        check: (result, s) => {
          const job = s.app.cloud.iot.snapshot().jobs.find((j) => j.id === `${s.kept('commandId')}_1`);
          return is(result === 'recorded', `outcome ${JSON.stringify(result)}`) ?? is(job?.status === 'CANCELED', `job ${JSON.stringify(job)}`);
        },
      },
      {
        name: 'changes nothing on the same result again',
        topic: (s) => `$aws/events/jobExecution/${s.kept('commandId')}_1/failed`,
        payload: (s) => ({ eventType: 'JOB_EXECUTION', operation: 'failed', jobId: `${s.kept('commandId')}_1`, thingArn: `arn:aws:iot:ap-southeast-1:123456789012:thing/${s.station.id}`, status: 'FAILED' }),
        check: (result) => is(result === 'unchanged', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'drops a result of an unknown job',
        topic: '$aws/events/jobExecution/no-such-command_1/succeeded',
        payload: { eventType: 'JOB_EXECUTION', operation: 'succeeded', jobId: 'no-such-command_1', thingArn: 'arn:aws:iot:x:1:thing/PRT-000001', status: 'SUCCEEDED' },
        check: (result) => is(result === 'dropped', `outcome ${JSON.stringify(result)}`),
      },
    ],
  },
  'Api/adminAbortCommand': {
    http: [
      { name: 'aborts the restart in progress and cancels its job', as: 'admin', params: (s) => ({ id: s.kept('abortCommandId') }), expect: 200, check: ({ body }) => is(record(body).status === 'aborted', `command ${JSON.stringify(body)}`) },
      { name: 'answers 409 once it has finished', as: 'admin', params: (s) => ({ id: s.kept('abortCommandId') }), expect: 409 },
    ],
  },
} satisfies Record<string, Driver>;
