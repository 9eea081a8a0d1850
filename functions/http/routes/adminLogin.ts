import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminLogin', 'Admin sign-in');
