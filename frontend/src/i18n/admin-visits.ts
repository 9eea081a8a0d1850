import { defineMessages } from './messages';
import { countInEnglish as count } from './counts';

/** The console's "Today's route": the stations that need a visit, in the order to drive them. */
export const adminVisits = defineMessages('adminVisits', {
  title: "Today's route",
  intro: 'Stations that need a visit: safety locks, stations off the network, reported problems, low water, filters due, open tickets and open alerts (thresholds from System settings). Stations that sell no water (locked, offline or empty) come first, then the others, each time the nearest next.',
  back: 'Back to the dashboard',
  headerLink: "Today's route",
  loading: 'Ranking the stations...',
  loadError: 'The stations could not be loaded.',
  retry: 'Try again',
  empty: 'No station needs a visit today.',
  count: (n: number) => (n === 1 ? '1 station to visit' : `${count(n)} stations to visit`),
  fromHere: 'Ordered from where you are.',
  noPosition: 'Your location is not shared: ordered from the most pressing station.',
  estimate: (km: string, factor: string) => `About ${km} km in all: straight-line distances × ${factor}, not measured on roads.`,
  leg: (km: string) => `${km} km from the previous stop in a straight line`,
  legFromHere: (km: string) => `${km} km from you in a straight line`,
  openRoute: (n: number) => `Directions through the first ${count(n)} in Google Maps`,
  directions: 'Directions',
  noCoordinates: 'No coordinates: see the address',
  water: (percent: number | null) => (percent === null ? 'Water level unknown' : percent === 0 ? 'Empty: water 0%' : `Water ${percent}%`),
  filter: (percent: number) => `Filter ${percent}%`,
  reasons: {
    safetyLock: 'Locked for water safety',
    offline: 'Offline',
    problemReported: 'Problem reported',
    lowWater: 'Low water',
    filterDue: 'Filter due',
    openTickets: 'Open tickets',
    openAlerts: 'Open alerts',
  },
  tickets: (n: number) => (n === 1 ? '1 open ticket' : `${count(n)} open tickets`),
  alerts: (n: number) => (n === 1 ? '1 open alert' : `${count(n)} open alerts`),
});
