import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminUpdateHostRequest', 'Host request administration');
