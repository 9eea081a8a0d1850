import { defineMessages } from './messages';

/** The public stations page and the station texts shared with the landing page and maps. */
export const stationTexts = defineMessages('stationTexts', {
  eyebrow: 'Station finder',
  title: 'Water Refill Stations',
  intro: 'Clean water across Bali: every station serves filtered, quality-tested drinking water, available 24/7.',
  searchLabel: 'Search stations',
  searchPlaceholder: 'Search stations or locations...',
  areaLabel: 'Area',
  allAreas: 'All Areas',
  findNearby: 'Find Nearby',
  resultCount: (n: number) => (n === 1 ? '1 station' : `${n} stations`),
  sortedByDistance: 'Nearest first',
  loading: 'Loading stations...',
  empty: 'No stations found matching your criteria',
  loadError: 'Stations could not be loaded. Check your connection and try again.',
  retry: 'Try again',
  savedList: (when: string) => `Showing the station list saved ${when}.`,
  listLabel: 'Stations',
  mapLabel: 'Map of stations',
  mapUnavailable: 'The map cannot be shown on this device. The list has every station.',
  away: 'away',
  waterLevel: (level: string) => `Water level: ${level}`,
  unknown: 'unknown',
  lastRefill: (when: string) => `Last refill: ${when}`,
  features: 'Features',
  directions: 'Directions',
  directionsTo: (name: string) => `Directions to ${name}`,
  noDirections: 'Directions unavailable: location not known yet',
  startRefill: 'Start Refill',
  showOnMap: 'Show on map',
  you: 'You are here',
  stationsIn: (n: number) => `${n} stations here, zoom in`,
});

/** Feature badges come from station data; known ones are translated, others shown as sent. */
export const featureNames: Record<string, string> = {
  'NFC Payment': 'Pembayaran NFC',
  'Mobile App': 'Aplikasi Seluler',
  'Water Quality Monitor': 'Pemantau Kualitas Air',
  'Chilled Water': 'Air Dingin',
  'Beach Access': 'Akses Pantai',
  Indoor: 'Dalam Ruangan',
  QRIS: 'QRIS',
  'Sparkling Water': 'Air Soda',
};
