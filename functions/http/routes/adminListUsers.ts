import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminListUsers', 'User administration');
