import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { AppSecrets } from './secrets';
import { resources, testStack } from './testing';

describe('AppSecrets construct', () => {
  const stack = testStack();
  new AppSecrets(stack, 'Secrets');
  const template = Template.fromStack(stack);
  const secrets = resources(template, 'AWS::SecretsManager::Secret');
  const generated = secrets.map(([, s]) => s.Properties!.GenerateSecretString as { SecretStringTemplate?: string; GenerateStringKey?: string });

  it('creates the payment, signing key and origin secrets, retained, with generated values only (no value in the template)', () => {
    expect(secrets).toHaveLength(3);
    for (const [, secret] of secrets) {
      expect(secret.DeletionPolicy).toBe('Retain');
      expect(secret.Properties?.SecretString).toBeUndefined();
    }
  });

  it('never creates a payment configuration that selects the sandbox: the placeholder has an empty gateway key', () => {
    const templates = generated.filter((g) => g.SecretStringTemplate).map((g) => JSON.parse(g.SecretStringTemplate!) as Record<string, unknown>);
    expect(templates).toContainEqual({ serverKey: '' });
    expect(templates).toContainEqual({ privateKeyPem: null });
    expect(JSON.stringify(template.toJSON())).not.toMatch(/sandbox/i);
  });

  it('generates the origin secret as a long random string', () => {
    expect(generated).toContainEqual({ PasswordLength: 48, ExcludePunctuation: true });
  });
});
