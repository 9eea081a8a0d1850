import { localJobTopics } from './adapters/local-broker-jobs';
import { HEARTBEAT_INGEST_RULE } from '@shared/constants';
import { MACHINE_ID_PATTERN } from '@shared/schemas/machine';

/**
 * The station policy of docs/design.md, "Stations", as the local broker enforces it (the CDK construct writes the same rules
 * with ${iot:Connection.Thing.ThingName}):
 * - a station (certificate CN = station id) connects only with client id = its id, publishes only
 *   $aws/rules/<heartbeat rule>/stations/<id>/heartbeat (Basic Ingest) and stations/<id>/vend/request, vend/started,
 *   vend/complete, vend/failed, command/progress, and subscribes only stations/<id>/vend/authorized and vend/denied,
 *   no wildcards; it may also publish and subscribe to its own jobs topics, $aws/things/<id>/jobs/* (the IoT Jobs
 *   device API, infra/local/broker-jobs.ts);
 * - the back end's own client (CN 'backend', client id 'backend' or 'backend-<suffix>') publishes only
 *   stations/<any station>/vend/authorized|denied and the local jobs control topics (in place of IoT's CreateJob and
 *   CancelJob), and subscribes to nothing.
 */
export type Principal = { kind: 'station'; id: string } | { kind: 'backend' };

const STATION_PUBLISH = ['vend/request', 'vend/started', 'vend/complete', 'vend/failed', 'command/progress'] as const;
const BASIC_INGEST_PREFIX = `$aws/rules/${HEARTBEAT_INGEST_RULE}/`;
const STATION_SUBSCRIBE = ['vend/authorized', 'vend/denied'] as const;
const BACKEND_PUBLISH = /^stations\/([^/+#]+)\/vend\/(authorized|denied)$/;
const BACKEND_CONTROL: readonly string[] = Object.values(localJobTopics);
/** A station's own jobs topics: `$aws/things/<id>/jobs/` and more (IoT's policy resource `$aws/things/${thing}/jobs/*`). */
const ownJobsTopic = (id: string, topic: string) => topic.startsWith(`$aws/things/${id}/jobs/`) && topic.length > `$aws/things/${id}/jobs/`.length;

export function principalOf(commonName: string | undefined): Principal | null {
  if (!commonName) return null;
  if (commonName === 'backend') return { kind: 'backend' };
  if (MACHINE_ID_PATTERN.test(commonName)) return { kind: 'station', id: commonName };
  return null;
}

export function mayConnect(principal: Principal, clientId: string): boolean {
  if (principal.kind === 'station') return clientId === principal.id;
  return clientId === 'backend' || /^backend-[A-Za-z0-9_-]{1,40}$/.test(clientId);
}

export function mayPublish(principal: Principal, topic: string): boolean {
  if (principal.kind === 'station') {
    return topic === `${BASIC_INGEST_PREFIX}stations/${principal.id}/heartbeat` || STATION_PUBLISH.some((t) => topic === `stations/${principal.id}/${t}`)
      || (ownJobsTopic(principal.id, topic) && !/[+#]/.test(topic));
  }
  if (BACKEND_CONTROL.includes(topic)) return true;
  const m = BACKEND_PUBLISH.exec(topic);
  return Boolean(m && MACHINE_ID_PATTERN.test(m[1]!));
}

export function maySubscribe(principal: Principal, topicFilter: string): boolean {
  if (principal.kind === 'backend') return false;
  return STATION_SUBSCRIBE.some((t) => topicFilter === `stations/${principal.id}/${t}`) || (ownJobsTopic(principal.id, topicFilter) && !topicFilter.includes('#'));
}

/** The IoT rule a station topic feeds, with the station id as `topic(2)` (heartbeats only through Basic Ingest). */
export type RuleName = 'heartbeat' | 'vendRequest' | 'vendStarted' | 'vendComplete' | 'vendFailed' | 'commandProgress';
export function ruleOf(published: string): { rule: RuleName; stationId: string } | null {
  // Basic Ingest: the rule named in the prefix sees the topic after it.
  const topic = published.startsWith(BASIC_INGEST_PREFIX) ? published.slice(BASIC_INGEST_PREFIX.length) : published;
  if (topic !== published && !topic.endsWith('/heartbeat')) return null;
  const m = /^stations\/([^/]+)\/(heartbeat|vend\/request|vend\/started|vend\/complete|vend\/failed|command\/progress)$/.exec(topic);
  if (!m) return null;
  const rule = ({ heartbeat: 'heartbeat', 'vend/request': 'vendRequest', 'vend/started': 'vendStarted', 'vend/complete': 'vendComplete', 'vend/failed': 'vendFailed', 'command/progress': 'commandProgress' } as const)[m[2] as 'heartbeat'];
  return { rule, stationId: m[1]! };
}
