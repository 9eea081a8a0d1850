import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JwkSigningKeys } from '../vending/adapters/signing/jwk-signing-keys';
import { newSigningKeySecret, setupValues, type SetupPorts } from './setup-values';

function memorySecrets(initial: Record<string, string>) {
  const store = new Map(Object.entries(initial));
  const writes: string[] = [];
  let lookups = 0;
  let jobEvents = false;
  const ports: SetupPorts = {
    readSecret: async (arn) => store.get(arn) ?? Promise.reject(new Error(`no secret ${arn}`)),
    writeSecret: async (arn, value) => {
      writes.push(arn);
      store.set(arn, value);
    },
    iotDataEndpoint: async () => (lookups++, 'abc123-ats.iot.ap-southeast-1.amazonaws.com'),
    enableJobExecutionEvents: async () => void (jobEvents = true),
  };
  return { store, writes, ports, lookups: () => lookups, jobEvents: () => jobEvents };
}

const props = { SigningKeySecretArn: 'arn:signing', OriginSecretArn: 'arn:origin' };
const placeholder = JSON.stringify({ privateKeyPem: null, placeholder: 'generated-by-cloudformation' });

describe('the deployment setup resource', () => {
  it('creates the signing key once, in the documented form the loader accepts, and hashes the origin secret', async () => {
    const secrets = memorySecrets({ 'arn:signing': placeholder, 'arn:origin': 'origin-secret-value' });
    const values = await setupValues(props, secrets.ports);
    expect(values).toEqual({
      IotEndpoint: 'abc123-ats.iot.ap-southeast-1.amazonaws.com',
      OriginVerifySha256: createHash('sha256').update('origin-secret-value').digest('hex'),
      SigningKey: 'created',
      JobExecutionEvents: 'enabled',
    });
    expect(secrets.jobEvents()).toBe(true);
    const created = secrets.store.get('arn:signing')!;
    expect(JSON.parse(created).privateKeyPem).toMatch(/^-{5}BEGIN PRIVATE KEY-{5}\n/);
    expect(await new JwkSigningKeys(async () => JSON.parse(created) as unknown).publicKeyPem()).toMatch(/BEGIN PUBLIC KEY/);

    // A second deployment keeps the key every station already trusts.
    expect((await setupValues(props, secrets.ports)).SigningKey).toBe('kept');
    expect(secrets.store.get('arn:signing')).toBe(created);
    expect(secrets.writes).toEqual(['arn:signing']);
  });

  it('uses the endpoint from context without asking IoT', async () => {
    const secrets = memorySecrets({ 'arn:signing': newSigningKeySecret(), 'arn:origin': 'o' });
    expect((await setupValues({ ...props, IotEndpoint: 'given-ats.iot.example' }, secrets.ports)).IotEndpoint).toBe('given-ats.iot.example');
    expect(secrets.lookups()).toBe(0);
  });

  it('fails the deployment rather than replace or run with a signing secret that is neither the placeholder nor a key', async () => {
    const secrets = memorySecrets({ 'arn:signing': JSON.stringify({ privateKeyPem: 'garbage' }), 'arn:origin': 'o' });
    await expect(setupValues(props, secrets.ports)).rejects.toThrow(/EC P-256 private key/);
    expect(secrets.writes).toEqual([]);
  });
});
