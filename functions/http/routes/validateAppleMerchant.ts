import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('validateAppleMerchant', 'Apple Pay');
