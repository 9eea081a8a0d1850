import { defineMessages } from './messages';
import { countInEnglish as count } from './counts';

/** The admin's Alerts page and the alert count in the admin header. */
export const adminAlerts = defineMessages('adminAlerts', {
  title: 'Alerts',
  intro: 'Alerts of the rules in System settings. Acknowledge one to stop its e-mails; it resolves by itself when the condition ends.',
  back: 'Back to the dashboard',
  headerLink: (open: number) => (open === 0 ? 'Alerts: none open' : `Alerts: ${count(open)} open`),
  filters: 'Filters',
  status: 'Status',
  statuses: { active: 'Active', open: 'Open', acknowledged: 'Acknowledged', resolved: 'Resolved' },
  rule: 'Rule',
  allRules: 'All rules',
  rules: {
    offline: 'Station offline', lowWater: 'Water level low', quality: 'Water quality out of range', noVend: 'No vend while online',
    filterLife: 'Filter due for a change', vendFailures: 'Vends failing', deadLetters: 'Messages in a dead-letter queue',
  },
  fleet: 'Back end',
  station: 'Station ID',
  stationPlaceholder: 'e.g. HRL-00001',
  openedFrom: 'Opened from',
  openedTo: 'Opened until (inclusive)',
  loading: 'Loading alerts...',
  empty: 'No alerts match.',
  loadError: 'The alerts could not be loaded.',
  retry: 'Try again',
  loadMore: 'Load more',
  opened: 'Opened',
  acknowledgedBy: (who: string, when: string) => `Acknowledged by ${who}, ${when}`,
  resolved: (when: string) => `Resolved ${when}`,
  emailed: (n: number) => (n === 1 ? 'E-mailed once' : `E-mailed ${count(n)} times`),
  notEmailed: 'Not e-mailed yet',
  acknowledge: 'Acknowledge',
  acknowledgeFailed: 'The alert could not be acknowledged.',
  openStation: 'Station page',
});
