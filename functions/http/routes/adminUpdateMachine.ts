import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminUpdateMachine', 'Station administration');
