import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('logout', 'Sign-out');
