import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './common';
import { FunctionSettings } from './settings';

/**
 * The application's secrets, each read only by the functions that need it (docs/infrastructure.md, "Secrets").
 * CloudFormation creates them with a random placeholder; the deployment's setup resource (infra/constructs/setup.ts)
 * creates the signing key, and the operator puts the payment gateway key in after the first deploy. All are retained
 * with the stack: losing the signing key would invalidate every station's provisioned public key.
 */
export class AppSecrets extends Construct {
  /** Payment gateway credentials, JSON {"serverKey":"Mid-server-...","applePay":{...}}; until then payments answer 503. */
  readonly paymentGateway: Secret;
  /** ES256 private key that signs NFC tokens and vend tokens, JSON {"privateKeyPem":"<PKCS#8 PEM>"}. */
  readonly signingKey: Secret;
  /** What CloudFront sends the API as x-origin-verify, so the API answers only requests that came through CloudFront. */
  readonly originVerify: Secret;

  /**
   * @param originSecretGeneration Rotates the origin secret: a new number makes a new secret (the old one is retained,
   * to be deleted by hand), so CloudFront's header and the functions' hash change together in one deploy.
   */
  constructor(scope: Construct, id: string, originSecretGeneration = 1) {
    super(scope, id);
    this.paymentGateway = new Secret(this, 'PaymentGateway', {
      description: 'Payment gateway (Midtrans) server key, JSON {"serverKey":"Mid-server-..."}; until it is set, payments answer 503 "Payments are not configured"',
      generateSecretString: { secretStringTemplate: JSON.stringify({ serverKey: '' }), generateStringKey: 'placeholder' },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.signingKey = new Secret(this, 'SigningKey', {
      description: 'ES256 private key (PKCS#8 PEM) signing NFC and vend tokens, JSON {"privateKeyPem":"..."}; created by the deployment',
      generateSecretString: { secretStringTemplate: JSON.stringify({ privateKeyPem: null }), generateStringKey: 'placeholder' },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.originVerify = new Secret(this, originSecretGeneration === 1 ? 'OriginVerify' : `OriginVerify${originSecretGeneration}`, {
      description: 'Sent by CloudFront to the API as x-origin-verify; the API refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const settings = FunctionSettings.of(this);
    settings.provide('PAYMENT_SECRET_ARN', this.paymentGateway.secretArn);
    settings.provide('SIGNING_KEY_SECRET_ARN', this.signingKey.secretArn);

    acknowledge(
      this.paymentGateway,
      'AwsSolutions-SMG4',
      'The payment gateway server key is issued by the gateway (Midtrans dashboard); it cannot be rotated by a Lambda here and is rotated by hand there.',
    );
    acknowledge(
      this.signingKey,
      'AwsSolutions-SMG4',
      'Rotating the ES256 signing key is a coordinated operation (stations verify vend tokens offline with the provisioned public key), so it is rotated by a runbook, not on a schedule.',
    );
    acknowledge(
      this.originVerify,
      'AwsSolutions-SMG4',
      'The origin secret lives in CloudFront\'s origin configuration and, hashed, in the functions\' settings; it is rotated by a runbook (docs/infrastructure.md, "Secrets") that redeploys both, not by a rotation Lambda.',
    );
  }
}
