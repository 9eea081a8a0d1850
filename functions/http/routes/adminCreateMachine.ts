import { notAvailableYet } from '../route-handler';

export const handler = notAvailableYet('adminCreateMachine', 'Station provisioning');
