import { checkAppleValidationUrl, checkDomainName } from '../../wallet/domain/apple-pay';
import * as contract from '@shared/routes/wallet';
import { routeHandler } from '../route-handler';
import { applePay } from '../../wallet/providers/payment-gateway';

/** POST /api/apple-pay/validate-merchant: a merchant session for Apple Pay on the web (validation URLs on apple.com only). */
export const handler = routeHandler(contract.validateAppleMerchant, async ({ body }) => {
  const url = checkAppleValidationUrl(body.validationURL);
  const domain = checkDomainName(body.domainName);
  return applePay().merchantSession(url, domain);
});
