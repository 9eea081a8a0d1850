import { customAccountMessage, purposeOfCustomMessage, type CustomMessageEvent } from '../accounts/domain/account-emails';
import { observedHandler } from '../platform/observability';

/** The user pool's custom message trigger: code e-mails in the person's language, the reset one saying it is a reset. */
export const handler = observedHandler('accountMessage', async (event) => customAccountMessage(event as CustomMessageEvent),
  (answered) => purposeOfCustomMessage(answered.triggerSource) ?? 'poolDefault');
