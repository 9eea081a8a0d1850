import { defineMessages } from './messages';

/** The console's "Today's route": the stations that need a visit, most pressing first. */
export const adminVisits = defineMessages('adminVisits', {
  title: "Today's route",
  intro: 'Stations that need a visit, the most pressing first: safety locks, stations off the network, reported problems, low water, filters due, open tickets and open alerts (thresholds from System settings).',
  back: 'Back to the dashboard',
  headerLink: "Today's route",
  loading: 'Ranking the stations...',
  loadError: 'The stations could not be loaded.',
  retry: 'Try again',
  empty: 'No station needs a visit today.',
  count: (n: number) => (n === 1 ? '1 station to visit' : `${n} stations to visit`),
  openRoute: (n: number) => `Directions through the first ${n} in Google Maps`,
  directions: 'Directions',
  noCoordinates: 'No coordinates: see the address',
  water: (percent: number | null) => (percent === null ? 'Water level unknown' : `Water ${percent}%`),
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
  tickets: (n: number) => (n === 1 ? '1 open ticket' : `${n} open tickets`),
  alerts: (n: number) => (n === 1 ? '1 open alert' : `${n} open alerts`),
});
