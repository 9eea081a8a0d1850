import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('listTransactions', 'Transaction history');
