import { defineMessages } from './messages';

/** Reporting a problem at a station (docs/design.md, "Problem reports"). */
export const reportTexts = defineMessages('reportTexts', {
  flag: 'Problem reported, being fixed',
  open: 'Report a problem',
  title: (station: string) => `Report a problem at ${station}`,
  category: 'What is wrong?',
  categories: {
    'no-water': 'No water comes out',
    'water-quality': 'Water tastes or looks wrong',
    broken: 'Machine is broken',
    payment: 'Payment did not work',
    dirty: 'Station is dirty',
    other: 'Something else',
  },
  note: 'Details (optional)',
  notePlaceholder: 'What happened, and when?',
  photo: 'Photo (optional)',
  photoHint: 'JPEG, PNG or WebP, up to 3 MB. Its location data is removed before anyone sees it.',
  photoTooLarge: 'The photo is larger than 3 MB',
  photoWrongType: 'Choose a JPEG, PNG or WebP photo',
  send: 'Send report',
  sending: 'Sending...',
  opening: 'Opening the form...',
  cancel: 'Cancel',
  thanks: 'Thank you! The team has your report and will fix it.',
  tooMany: 'Too many reports from this connection. Please try again in an hour.',
  failed: 'The report could not be sent. Check your connection and try again.',
});
