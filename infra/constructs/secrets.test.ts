import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AppSecrets } from './secrets';
import { resources, testStack } from './testing';

describe('AppSecrets construct', () => {
  const stack = testStack();
  new AppSecrets(stack, 'Secrets');
  const template = Template.fromStack(stack);

  it('creates the payment gateway and signing key secrets, retained, with a generated placeholder (no value in the template)', () => {
    const secrets = resources(template, 'AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(2);
    for (const [, secret] of secrets) {
      expect(secret.DeletionPolicy).toBe('Retain');
      expect(secret.Properties?.SecretString).toBeUndefined();
      expect(secret.Properties?.GenerateSecretString).toMatchObject({ GenerateStringKey: 'placeholder' });
    }
    const templates = secrets.map(([, s]) => JSON.parse((s.Properties!.GenerateSecretString as { SecretStringTemplate: string }).SecretStringTemplate));
    expect(templates).toContainEqual({ provider: 'sandbox' });
    expect(templates).toContainEqual({ privateKeyPem: null });
  });
});
