import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminStats', 'Admin statistics');
