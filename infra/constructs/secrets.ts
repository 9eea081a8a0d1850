import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './common';

/**
 * The application's secrets. CloudFormation creates them with a placeholder value; the real values are put
 * once after the first deploy (docs/infrastructure.md, "Secrets to set"). Both are retained with the stack:
 * losing the signing key would invalidate every station's provisioned public key.
 */
export class AppSecrets extends Construct {
  /** Payment gateway credentials, JSON: {"provider":"midtrans","serverKey":"..."}; the placeholder means sandbox. */
  readonly paymentGateway: Secret;
  /** ES256 private key (PKCS#8 PEM) that signs NFC tokens and vend tokens, JSON: {"privateKeyPem":"..."}. */
  readonly signingKey: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.paymentGateway = new Secret(this, 'PaymentGateway', {
      description: 'Payment gateway server key, JSON {"provider":"midtrans","serverKey":"..."}; the generated placeholder {"provider":"sandbox"} selects the sandbox gateway',
      generateSecretString: { secretStringTemplate: JSON.stringify({ provider: 'sandbox' }), generateStringKey: 'placeholder' },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.signingKey = new Secret(this, 'SigningKey', {
      description: 'ES256 private key (PKCS#8 PEM) signing NFC and vend tokens, JSON {"privateKeyPem":"..."}; put the real key after the first deploy',
      generateSecretString: { secretStringTemplate: JSON.stringify({ privateKeyPem: null }), generateStringKey: 'placeholder' },
      removalPolicy: RemovalPolicy.RETAIN,
    });

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
  }

  get all(): Secret[] {
    return [this.paymentGateway, this.signingKey];
  }
}
