/** 'sandbox': payments go to the sandbox gateway and settle without real money; 'live': the real gateway. */
export type PaymentsMode = 'live' | 'sandbox';

/**
 * /config.json: the browser app's deploy-time settings (public identifiers only, never secrets). The CDK deployment
 * writes it beside the build (infra/constructs/web.ts), the local cloud serves it (infra/local/web.ts), the app
 * reads it at start (frontend/src/runtime-config.ts).
 */
export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  apiBaseUrl: string;
  /** The Cognito hosted domain, when federation is on. */
  cognitoDomain?: string;
  /**
   * Where the browser calls the user pool instead of Cognito's regional endpoint: a path of the site's own origin.
   * Only the local cloud sets it (cognito-local, proxied there, so that the CSP's connect-src 'self' covers it).
   */
  userPoolEndpoint?: string;
  /** Absent means live. With 'sandbox' every page says that payments are simulated. */
  paymentsMode?: PaymentsMode;
}
