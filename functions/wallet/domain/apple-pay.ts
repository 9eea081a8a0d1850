import { invalid } from '../../platform/domain/errors';

/** Apple Pay merchant validation (POST /api/apple-pay/validate-merchant): what the browser may ask Apple for. */

/** Apple's merchant validation URLs are all https on apple.com; anything else is refused (no request is made). */
export function checkAppleValidationUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('validationURL must be an https URL on apple.com', { validationURL: 'Not a URL' });
  }
  const host = url.hostname.toLowerCase();
  const onApple = host === 'apple.com' || host.endsWith('.apple.com');
  if (url.protocol !== 'https:' || !onApple || url.port !== '' || url.username || url.password) {
    throw invalid('validationURL must be an https URL on apple.com', { validationURL: 'Must be an https URL on apple.com' });
  }
  return url;
}

/** The domain the merchant session is requested for: a plain host name. */
export function checkDomainName(value: string): string {
  const domain = value.trim().toLowerCase();
  if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(domain)) {
    throw invalid('domainName must be a host name', { domainName: 'Must be a host name' });
  }
  return domain;
}
