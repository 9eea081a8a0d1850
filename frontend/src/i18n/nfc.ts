import { defineMessages } from './messages';

/** The NFC Pay dialog (docs/design.md, "Screens and routes" and "States"). */
export const nfcTexts = defineMessages('nfcTexts', {
  title: 'NFC Pay',
  failed: 'Failed to generate NFC token',
  lowTitle: 'Top up to pay with NFC',
  lowText: 'Your balance is below the minimum needed to start a refill.',
  topUp: 'Top Up',
  hold: "Hold your phone near the station's reader, or show it this code.",
  qrAlt: 'NFC payment QR code',
  generating: 'Generating your code...',
  expired: 'This code has expired',
  expiresIn: 'Expires in',
  nfcReady: 'NFC is ready: tap the station’s reader',
  nfcSent: 'Sent to the station over NFC',
  nfcFailed: 'NFC did not work here: show the QR code instead',
  refresh: 'Refresh NFC',
  oneUse: 'Each code works once. The station charges only the water it pours.',
  dispensing: 'Dispensing…',
  atStation: (station: string) => `at ${station}`,
  charged: (amount: string, litres: string, station: string) => `Charged ${amount} for ${litres} at ${station}`,
  chargedLate: 'The station reported after a delay; this is the final charge.',
  notUsed: 'Not used',
  checking: 'Being checked',
  offlineRefresh: 'Refreshing needs a connection.',
  stillValid: 'This code still works until it expires.',
  offlineNoCode: 'You are offline. Getting a code needs a connection.',
});
