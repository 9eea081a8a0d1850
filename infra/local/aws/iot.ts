import { X509Certificate, createPublicKey, randomUUID } from 'node:crypto';
import type { LocalCa } from '../adapters/local-ca';
import { jsonBody, matchRestOperation, restJson, restJsonError, type AwsAccount, type AwsHandler, type AwsRequest, type RestOperation } from './http';

/**
 * The IoT control-plane calls station provisioning makes (functions/fleet/adapters/iot/iot-station-registry.ts) and their
 * undo, remote commands' jobs (functions/fleet/adapters/iot/iot-station-jobs.ts) and the deployment's event configuration.
 */
export const IOT_OPERATIONS: readonly RestOperation[] = [
  ['POST', '/things/{thingName}', 'CreateThing'],
  ['GET', '/things/{thingName}', 'DescribeThing'],
  ['DELETE', '/things/{thingName}', 'DeleteThing'],
  ['PUT', '/things/{thingName}/principals', 'AttachThingPrincipal'],
  ['DELETE', '/things/{thingName}/principals', 'DetachThingPrincipal'],
  ['POST', '/keys-and-certificate', 'CreateKeysAndCertificate'],
  ['PUT', '/certificates/{certificateId}', 'UpdateCertificate'],
  ['DELETE', '/certificates/{certificateId}', 'DeleteCertificate'],
  ['PUT', '/target-policies/{policyName}', 'AttachPolicy'],
  ['POST', '/target-policies/{policyName}', 'DetachPolicy'],
  ['GET', '/endpoint', 'DescribeEndpoint'],
  ['PUT', '/jobs/{jobId}/cancel', 'CancelJob'],
  ['PUT', '/jobs/{jobId}', 'CreateJob'],
  ['PATCH', '/event-configurations', 'UpdateEventConfigurations'],
];

/** The certificate's subject: AWS names every certificate it issues "AWS IoT Certificate"; the station is the thing it is attached to. */
const IOT_CERTIFICATE_NAME = 'AWS-IoT-Certificate';

interface Thing {
  name: string;
  id: string;
  typeName?: string;
  principals: Set<string>;
  version: number;
}

interface Certificate {
  id: string;
  arn: string;
  pem: string;
  status: 'ACTIVE' | 'INACTIVE' | 'REVOKED';
  policies: Set<string>;
}

interface Job {
  id: string;
  targets: string[];
  document: string;
  status: 'IN_PROGRESS' | 'CANCELED';
}

const notFound = (what: string) => restJsonError('ResourceNotFoundException', `${what} does not exist`, 404);

/**
 * The local stand-in for the AWS IoT control plane (REST-JSON): things, certificates with keys issued by the local CA,
 * policy and thing attachments, and the data endpoint. It keeps IoT's rules that matter to provisioning and its undo:
 * the policy and thing type must exist, a certificate is deleted only when inactive and detached.
 */
export class LocalIotRegistry {
  private readonly things = new Map<string, Thing>();
  private readonly certificates = new Map<string, Certificate>();
  private readonly policies = new Set<string>();
  private readonly thingTypes = new Set<string>();
  private readonly jobs = new Map<string, Job>();
  /** The account's event configurations (UpdateEventConfigurations), e.g. JOB_EXECUTION on. */
  private readonly events = new Map<string, boolean>();

  /** `dataEndpoint`: what DescribeEndpoint(iot:Data-ATS) answers, a host (and port) the data plane stand-in serves on. */
  constructor(private readonly ca: LocalCa, private readonly account: AwsAccount, private readonly dataEndpoint: () => string) {}

  definePolicy(name: string): void {
    this.policies.add(name);
  }

  defineThingType(name: string): void {
    this.thingTypes.add(name);
  }

  /** The thing a certificate is attached to, as IoT Core's `iot:Connection.Thing.ThingName` (null when none or not active). */
  thingOfCertificate(certificatePem: string): string | null {
    const id = certificateId(certificatePem);
    const certificate = this.certificates.get(id);
    if (!certificate || certificate.status !== 'ACTIVE') return null;
    for (const thing of this.things.values()) if (thing.principals.has(certificate.arn)) return thing.name;
    return null;
  }

  /** What exists now, for tests and reports. */
  snapshot() {
    return {
      things: [...this.things.values()].map((t) => ({ name: t.name, typeName: t.typeName, principals: [...t.principals] })),
      certificates: [...this.certificates.values()].map((c) => ({ id: c.id, status: c.status, policies: [...c.policies] })),
      jobs: [...this.jobs.values()].map((j) => ({ id: j.id, targets: [...j.targets], document: JSON.parse(j.document) as unknown, status: j.status })),
      events: Object.fromEntries(this.events),
    };
  }

  private arn(resource: string) {
    return `arn:aws:iot:${this.account.region}:${this.account.accountId}:${resource}`;
  }

  private certificateOfArn(arn: string | undefined): Certificate | undefined {
    const id = arn?.startsWith(this.arn('cert/')) ? arn.slice(this.arn('cert/').length) : undefined;
    return id ? this.certificates.get(id) : undefined;
  }

  readonly handle: AwsHandler = async (request: AwsRequest) => {
    const match = matchRestOperation(IOT_OPERATIONS, request);
    if (!match) return restJsonError('UnknownOperationException', `The local IoT does not implement ${request.method} ${request.path}`, 404);
    const { operation, params } = match;
    switch (operation) {
      case 'CreateThing': {
        const { thingTypeName } = jsonBody<{ thingTypeName?: string }>(request);
        if (thingTypeName && !this.thingTypes.has(thingTypeName)) return notFound(`Thing type ${thingTypeName}`);
        const existing = this.things.get(params.thingName!);
        if (existing && existing.typeName !== thingTypeName) {
          return restJsonError('ResourceAlreadyExistsException', `Thing ${params.thingName} already exists with different tags or thing type`, 409);
        }
        const thing = existing ?? { name: params.thingName!, id: randomUUID(), typeName: thingTypeName, principals: new Set<string>(), version: 1 };
        this.things.set(thing.name, thing);
        return restJson({ thingName: thing.name, thingArn: this.arn(`thing/${thing.name}`), thingId: thing.id });
      }
      case 'DescribeThing': {
        const thing = this.things.get(params.thingName!);
        if (!thing) return notFound(`Thing ${params.thingName}`);
        return restJson({ thingName: thing.name, thingArn: this.arn(`thing/${thing.name}`), thingId: thing.id, thingTypeName: thing.typeName, attributes: {}, version: thing.version, defaultClientId: thing.name });
      }
      case 'DeleteThing': {
        const thing = this.things.get(params.thingName!);
        if (!thing) return restJson({});
        if (thing.principals.size) return restJsonError('InvalidRequestException', `Cannot delete thing ${thing.name}: it has attached principals`, 400);
        this.things.delete(thing.name);
        return restJson({});
      }
      case 'AttachThingPrincipal':
      case 'DetachThingPrincipal': {
        const thing = this.things.get(params.thingName!);
        const principal = request.headers['x-amzn-principal'];
        if (!thing) return notFound(`Thing ${params.thingName}`);
        if (typeof principal !== 'string' || !this.certificateOfArn(principal)) return notFound(`Principal ${String(principal)}`);
        if (operation === 'AttachThingPrincipal') thing.principals.add(principal);
        else thing.principals.delete(principal);
        return restJson({});
      }
      case 'CreateKeysAndCertificate': {
        const issued = await this.ca.issueClient(IOT_CERTIFICATE_NAME);
        const id = certificateId(issued.certificatePem);
        const certificate: Certificate = {
          id,
          arn: this.arn(`cert/${id}`),
          pem: issued.certificatePem,
          status: request.query.get('setAsActive') === 'true' ? 'ACTIVE' : 'INACTIVE',
          policies: new Set(),
        };
        this.certificates.set(id, certificate);
        const publicKey = createPublicKey(issued.certificatePem).export({ type: 'spki', format: 'pem' }).toString();
        return restJson({ certificateArn: certificate.arn, certificateId: id, certificatePem: issued.certificatePem, keyPair: { PublicKey: publicKey, PrivateKey: issued.privateKeyPem } });
      }
      case 'UpdateCertificate': {
        const certificate = this.certificates.get(params.certificateId!);
        const status = request.query.get('newStatus');
        if (!certificate) return notFound(`Certificate ${params.certificateId}`);
        if (status !== 'ACTIVE' && status !== 'INACTIVE' && status !== 'REVOKED') return restJsonError('InvalidRequestException', `Unsupported newStatus ${status}`, 400);
        certificate.status = status;
        return restJson(undefined);
      }
      case 'DeleteCertificate': {
        const certificate = this.certificates.get(params.certificateId!);
        if (!certificate) return notFound(`Certificate ${params.certificateId}`);
        if (certificate.status === 'ACTIVE') return restJsonError('CertificateStateException', 'Certificate must be deactivated before deletion', 406);
        const attached = [...this.things.values()].some((t) => t.principals.has(certificate.arn));
        if (attached || certificate.policies.size) return restJsonError('DeleteConflictException', 'Certificate policies and things must be detached before deletion', 409);
        this.certificates.delete(certificate.id);
        return restJson(undefined);
      }
      case 'AttachPolicy':
      case 'DetachPolicy': {
        const { target } = jsonBody<{ target?: string }>(request);
        if (!this.policies.has(params.policyName!)) return notFound(`Policy ${params.policyName}`);
        const certificate = this.certificateOfArn(target);
        if (!certificate) return notFound(`Target ${String(target)}`);
        if (operation === 'AttachPolicy') certificate.policies.add(params.policyName!);
        else certificate.policies.delete(params.policyName!);
        return restJson(undefined);
      }
      case 'DescribeEndpoint': {
        const type = request.query.get('endpointType') ?? 'iot:Data';
        if (type !== 'iot:Data-ATS') return restJsonError('InvalidRequestException', `The local IoT serves only the iot:Data-ATS endpoint, not ${type}`, 400);
        return restJson({ endpointAddress: this.dataEndpoint() });
      }
      case 'CreateJob': {
        // Jobs are recorded, not run: the local broker plays IoT Jobs for the stations (infra/local/broker-jobs.ts).
        const { targets = [], document, targetSelection } = jsonBody<{ targets?: string[]; document?: string; targetSelection?: string }>(request);
        if (this.jobs.has(params.jobId!)) return restJsonError('ResourceAlreadyExistsException', `Job ${params.jobId} already exists`, 409);
        if (!targets.length || !document || (targetSelection && targetSelection !== 'SNAPSHOT' && targetSelection !== 'CONTINUOUS')) return restJsonError('InvalidRequestException', 'A job needs targets and a document', 400);
        const unknown = targets.find((t) => !t.startsWith(this.arn('thing/')) || !this.things.has(t.slice(this.arn('thing/').length)));
        if (unknown) return notFound(`Target ${unknown}`);
        this.jobs.set(params.jobId!, { id: params.jobId!, targets, document, status: 'IN_PROGRESS' });
        return restJson({ jobArn: this.arn(`job/${params.jobId}`), jobId: params.jobId });
      }
      case 'CancelJob': {
        const job = this.jobs.get(params.jobId!);
        if (!job) return notFound(`Job ${params.jobId}`);
        if (job.status !== 'IN_PROGRESS') return restJsonError('InvalidStateTransitionException', `Job ${job.id} is ${job.status}`, 409);
        job.status = 'CANCELED';
        return restJson({ jobArn: this.arn(`job/${job.id}`), jobId: job.id });
      }
      case 'UpdateEventConfigurations': {
        const { eventConfigurations = {} } = jsonBody<{ eventConfigurations?: Record<string, { Enabled?: boolean }> }>(request);
        for (const [type, config] of Object.entries(eventConfigurations)) this.events.set(type, Boolean(config.Enabled));
        return restJson({});
      }
      default:
        return restJsonError('UnknownOperationException', `The local IoT does not implement ${operation}`, 404);
    }
  };
}

/** IoT's certificate id: the SHA-256 of the certificate (DER), in hex. */
export function certificateId(certificatePem: string): string {
  return new X509Certificate(certificatePem).fingerprint256.replace(/:/g, '').toLowerCase();
}
