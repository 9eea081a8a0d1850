import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import { settings as settingsRepository } from '../../platform/providers/repositories/settings';

/** GET /api/contact: the Contact page's WhatsApp number and e-mail address, from the settings. */
export const handler = routeHandler(contract.getSupportContact, async () => {
  const settings = await settingsRepository().get();
  return { whatsapp: settings.supportWhatsApp || null, email: settings.supportEmail || null };
});
