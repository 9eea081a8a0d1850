import * as contract from '@shared/routes/partners';
import { routeHandler } from '../route-handler';
import * as repositories from '../../providers/repositories';

/** GET /api/contact: the Contact page's WhatsApp number and e-mail address, from the settings. */
export const handler = routeHandler(contract.getSupportContact, async () => {
  const settings = await repositories.settings().get();
  return { whatsapp: settings.supportWhatsApp || null, email: settings.supportEmail || null };
});
