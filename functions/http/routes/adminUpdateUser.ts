import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminUpdateUser', 'User administration');
