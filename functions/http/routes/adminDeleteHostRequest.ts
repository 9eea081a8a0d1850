import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminDeleteHostRequest', 'Host request administration');
