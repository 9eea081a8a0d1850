import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('generateNfcToken', 'NFC payment');
