import { checkAppleValidationUrl, checkDomainName } from '../../domain/wallet';
import { routeHandler } from '../route-handler';
import { payments } from '../../providers/payments';

/** POST /api/apple-pay/validate-merchant: a merchant session for Apple Pay on the web (validation URLs on apple.com only). */
export const handler = routeHandler('validateAppleMerchant', async ({ body }) => {
  const url = checkAppleValidationUrl(body.validationURL);
  const domain = checkDomainName(body.domainName);
  return payments().applePay.merchantSession(url, domain);
});
