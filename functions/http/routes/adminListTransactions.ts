import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminListTransactions', 'Transaction administration');
