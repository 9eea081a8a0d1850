import { defineMessages } from './messages';

/** Whether a station shows on the public lists, and what kind of place it is at (the admin's station page). */
export const stationListing = defineMessages('stationListing', {
  title: 'Public lists',
  text: 'A station being installed or a test machine can be kept off the finder, the landing page and the app; its own page (the sticker) still opens.',
  shown: 'Show on public lists',
  hiddenNow: 'Hidden from the public lists',
  type: 'Kind of place (the finder\u2019s station types)',
  noType: 'Not set',
  types: { beach: 'Beach', mall: 'Mall', market: 'Market', tourist: 'Tourist spot', cowork: 'Co-working space' },
  saved: 'Saved',
  failed: 'Could not save. Try again.',
});
