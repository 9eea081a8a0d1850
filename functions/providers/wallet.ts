import { walletDeps, type OpenPaidSession } from '../domain/wallet';
import { log } from '../observability';
import { data } from './data';
import { payments } from './payments';

/** The wallet's use cases on the table and the configured gateway; purchases pass how their paid refill is opened. */
export const wallet = (openPaidSession?: OpenPaidSession) => walletDeps({ ...data(), payments: payments().gateway, log }, openPaidSession);
