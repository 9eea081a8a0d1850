import type { Machine } from '@shared/schemas/machine';
import type { Translation } from '../../i18n/messages';
import type { common } from '../../i18n/common';
import type { stationTexts } from '../../i18n/stations';
import type { MapStation, MapTexts } from '../map/engine';
import { directionsUrl, type StationView } from './filter';
import { statusTone } from './status';

type Common = Translation<(typeof common)['en']>;
type Texts = Translation<(typeof stationTexts)['en']>;

/** What the map needs of a station, worded in the current language; stations without coordinates stay off the map. */
export function toMapStations(views: StationView[], c: Common, t: Texts): MapStation[] {
  return views.flatMap(({ machine, coordinates }) => (coordinates ? [toMapStation(machine, coordinates, c, t)] : []));
}

export function toMapStation(machine: Machine, coordinates: NonNullable<StationView['coordinates']>, c: Common, t: Texts): MapStation {
  const tone = statusTone(machine.status);
  return {
    id: machine.id,
    name: machine.name,
    location: machine.location,
    coordinates,
    tone,
    statusLabel: c.status[tone],
    waterLevel: t.waterLevel(machine.waterLevel === null ? t.unknown : `${machine.waterLevel}%`),
    directionsUrl: directionsUrl(coordinates),
  };
}

export const mapTexts = (t: Texts): MapTexts => ({ directions: t.directions, you: t.you, stationsIn: t.stationsIn });
