import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('listUserTransactions', 'Transaction history');
