import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('purchase', 'Wallet payment');
