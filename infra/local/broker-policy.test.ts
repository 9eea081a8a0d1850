import { describe, expect, it } from 'vitest';
import { mayConnect, mayPublish, maySubscribe, principalOf, ruleOf } from './broker-policy';
import { HEARTBEAT_INGEST_RULE } from '@shared/constants';

const station = principalOf('HRL-00001')!;
const backend = principalOf('backend')!;

describe('the station policy of the local broker', () => {
  it('knows stations by certificate name, the back end by its own name, and nobody else', () => {
    expect(station).toEqual({ kind: 'station', id: 'HRL-00001' });
    expect(backend).toEqual({ kind: 'backend' });
    expect(principalOf('Bali Refill Local CA')).toBeNull();
    expect(principalOf(undefined)).toBeNull();
  });

  it('lets a station connect only with its own id as client id', () => {
    expect(mayConnect(station, 'HRL-00001')).toBe(true);
    for (const id of ['HRL-00002', 'HRL-000011', 'hrl-00001', 'backend', '']) expect(mayConnect(station, id), id).toBe(false);
    expect(mayConnect(backend, 'backend-a1b2')).toBe(true);
    expect(mayConnect(backend, 'HRL-00001')).toBe(false);
  });

  it('lets a station publish exactly its four rule topics and its heartbeat through Basic Ingest', () => {
    for (const t of ['vend/request', 'vend/started', 'vend/complete', 'vend/failed']) expect(mayPublish(station, `stations/HRL-00001/${t}`), t).toBe(true);
    expect(mayPublish(station, `$aws/rules/${HEARTBEAT_INGEST_RULE}/stations/HRL-00001/heartbeat`)).toBe(true);
    expect(ruleOf(`$aws/rules/${HEARTBEAT_INGEST_RULE}/stations/HRL-00001/heartbeat`)).toEqual({ rule: 'heartbeat', stationId: 'HRL-00001' });
    expect(ruleOf(`$aws/rules/${HEARTBEAT_INGEST_RULE}/stations/HRL-00001/vend/complete`)).toBeNull();
    for (const topic of ['stations/HRL-00001/heartbeat', `$aws/rules/${HEARTBEAT_INGEST_RULE}/stations/HRL-00002/heartbeat`, '$aws/rules/other_rule/stations/HRL-00001/heartbeat', 'stations/HRL-00002/heartbeat', 'stations/HRL-00001/vend/authorized', 'stations/HRL-00001/vend/denied', 'stations/HRL-00001/heartbeat/x', 'stations/HRL-00001', '$aws/events/presence/connected/HRL-00001']) {
      expect(mayPublish(station, topic), topic).toBe(false);
    }
  });

  it('lets a station subscribe only to its own vend answers, without wildcards', () => {
    expect(maySubscribe(station, 'stations/HRL-00001/vend/authorized')).toBe(true);
    expect(maySubscribe(station, 'stations/HRL-00001/vend/denied')).toBe(true);
    for (const filter of ['stations/HRL-00002/vend/authorized', 'stations/+/vend/authorized', 'stations/HRL-00001/#', 'stations/HRL-00001/vend/+', '#', 'stations/HRL-00001/heartbeat']) {
      expect(maySubscribe(station, filter), filter).toBe(false);
    }
  });

  it('lets the back end only answer vend requests', () => {
    expect(mayPublish(backend, 'stations/HRL-00001/vend/authorized')).toBe(true);
    expect(mayPublish(backend, 'stations/HRL-00001/vend/denied')).toBe(true);
    for (const topic of ['stations/HRL-00001/heartbeat', 'stations/+/vend/authorized', 'stations/not an id/vend/denied']) expect(mayPublish(backend, topic), topic).toBe(false);
    expect(maySubscribe(backend, 'stations/#')).toBe(false);
  });

  it('lets a station use its own IoT Jobs topics and report command progress, and the back end control jobs', () => {
    for (const topic of ['$aws/things/HRL-00001/jobs/start-next', '$aws/things/HRL-00001/jobs/abc_1/update', 'stations/HRL-00001/command/progress']) expect(mayPublish(station, topic), topic).toBe(true);
    for (const topic of ['$aws/things/HRL-00002/jobs/start-next', '$aws/things/HRL-00001/jobs/', '$aws/things/HRL-00001/jobs/+/update', '$aws/events/jobExecution/abc_1/succeeded', '$local/jobs/dispatch', 'stations/HRL-00002/command/progress']) {
      expect(mayPublish(station, topic), topic).toBe(false);
    }
    for (const filter of ['$aws/things/HRL-00001/jobs/notify-next', '$aws/things/HRL-00001/jobs/start-next/accepted', '$aws/things/HRL-00001/jobs/+/update/accepted']) expect(maySubscribe(station, filter), filter).toBe(true);
    for (const filter of ['$aws/things/HRL-00002/jobs/notify-next', '$aws/things/HRL-00001/jobs/#', '$aws/things/+/jobs/notify-next']) expect(maySubscribe(station, filter), filter).toBe(false);
    expect(mayPublish(backend, '$local/jobs/dispatch')).toBe(true);
    expect(mayPublish(backend, '$local/jobs/cancel')).toBe(true);
    expect(mayPublish(backend, '$aws/things/HRL-00001/jobs/notify-next')).toBe(false);
    expect(ruleOf('stations/HRL-00001/command/progress')).toEqual({ rule: 'commandProgress', stationId: 'HRL-00001' });
  });

  it('maps rule topics to handlers with the station id of topic(2)', () => {
    expect(ruleOf('stations/HRL-00001/heartbeat')).toEqual({ rule: 'heartbeat', stationId: 'HRL-00001' });
    expect(ruleOf('stations/HRL-00001/vend/request')).toEqual({ rule: 'vendRequest', stationId: 'HRL-00001' });
    expect(ruleOf('stations/HRL-00001/vend/complete')).toEqual({ rule: 'vendComplete', stationId: 'HRL-00001' });
    expect(ruleOf('stations/HRL-00001/vend/failed')).toEqual({ rule: 'vendFailed', stationId: 'HRL-00001' });
    expect(ruleOf('stations/HRL-00001/vend/started')).toEqual({ rule: 'vendStarted', stationId: 'HRL-00001' });
    expect(ruleOf('stations/HRL-00001/vend/authorized')).toBeNull();
  });
});
