import { STATION_LIST_TILE_THRESHOLD } from '@shared/station-tiles';
import type { Driver } from '../drive';
import { is, list, record } from './helpers';

const starred = (body: unknown) => (record(body).stationIds ?? []) as string[];

/** What visitors see of the stations: the list, a station, the published list file, their stars (shared/routes/stations.ts). */
export const stations = {
  'Api/listMachines': {
    http: [{ name: 'lists the stations', expect: 200, check: ({ body }, s) => is(list(body).some((m) => m.id === s.station.id), 'the provisioned station is missing') }],
  },
  'Api/getMachine': {
    http: [
      { name: 'shows the station', params: (s) => ({ id: s.station.id }), expect: 200 },
      { name: 'answers 404 for an unknown station', params: { id: 'PRT-000001' }, expect: 404 },
    ],
  },
  'StationList/Publisher': {
    schedule: [
      { name: 'writes the public station list file on its schedule', check: (result) => is(record(result).written === true && Number(record(result).stations) > 0, `publish ${JSON.stringify(result)}`) },
      { name: 'leaves the file alone when nothing changed', check: (result) => is(record(result).written === false, `publish ${JSON.stringify(result)}`) },
      {
        name: 'writes area tiles and the list naming them when the fleet is above the tile threshold',
        extraStations: STATION_LIST_TILE_THRESHOLD,
        check: (result) => is(record(result).written === true && Number(record(result).tilesWritten) > 0, `publish ${JSON.stringify(result)}`),
      },
    ],
  },
  'StationList/ChangePublisher': {
    // The table's stream, filtered to station items: a write visitors should see is published at once.
    tableChange: [
      {
        name: "leaves a heartbeat's new readings to the schedule",
        change: (item) => ({ ...item, waterLevel: 41, lastHeartbeat: new Date().toISOString() }),
        check: (result) => is(record(result).outcome === 'ignored', `publish ${JSON.stringify(result)}`),
      },
      {
        name: 'publishes the list at once when a station is renamed, its tile too above the tile threshold',
        extraStations: STATION_LIST_TILE_THRESHOLD,
        change: (item) => ({ ...item, name: `${String(item.name)} (renamed)` }),
        check: (result) => is(record(result).outcome === 'written', `publish ${JSON.stringify(result)}`),
      },
    ],
  },
  'Api/addFavourite': {
    http: [
      { name: 'stars the station', as: 'user', params: (s) => ({ id: s.station.id }), expect: 200, check: ({ body }, s) => is(starred(body).includes(s.station.id), 'the star is missing') },
      { name: 'answers 404 for an unknown station', as: 'user', params: { id: 'PRT-000001' }, expect: 404 },
    ],
  },
  'Api/listFavourites': {
    http: [
      { name: "lists the caller's stars", as: 'user', expect: 200, check: ({ body }, s) => is(starred(body).includes(s.station.id), 'the star is missing') },
    ],
  },
  'Api/removeFavourite': {
    http: [
      { name: 'unstars the station', as: 'user', params: (s) => ({ id: s.station.id }), expect: 200, check: ({ body }, s) => is(!starred(body).includes(s.station.id), 'the star is still there') },
      { name: 'refuses a station id that is too long', as: 'user', params: { id: 'x'.repeat(65) }, expect: 400 },
    ],
  },
} satisfies Record<string, Driver>;
