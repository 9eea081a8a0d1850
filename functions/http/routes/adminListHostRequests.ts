import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminListHostRequests', 'Host request administration');
