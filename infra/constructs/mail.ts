import { Aws, CfnOutput } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { FunctionSettings } from './settings';

export interface MailProps {
  /** The sender of the system's e-mails, `Name <address>` or a bare address; its domain becomes the SES identity. */
  from: string;
}

/** The address of a sender written as `Name <address>` or as the bare address. */
export function senderAddress(from: string): string {
  const address = (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address)) throw new Error(`mailFrom "${from}" is not an e-mail address (Name <no-reply@example.org>)`);
  return address;
}

/**
 * E-mail through Amazon SES: the sender's domain as an SES identity with Easy DKIM (the three CNAME records to publish
 * are stack outputs; SES sends only once they resolve, and only to verified recipients until the account leaves the SES
 * sandbox), and a configuration set that suppresses addresses that bounced or complained. Functions that send get
 * `ses:SendEmail` on that identity and set, from that one address (`grantSend`), and the MAIL_* settings.
 */
export class Mail extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly fromAddress: string;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.fromAddress = senderAddress(props.from);
    const domain = this.fromAddress.split('@')[1]!;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
    });
    this.identity = new EmailIdentity(this, 'Identity', { identity: Identity.domain(domain), configurationSet: this.configurationSet });
    this.identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}`, description: `DNS record ${i + 1} of 3 that verifies ${domain} for SES (Easy DKIM)` });
    });
    const settings = FunctionSettings.of(this);
    settings.provide('MAIL_FROM', props.from);
    settings.provide('MAIL_CONFIGURATION_SET', this.configurationSet.configurationSetName);
  }

  /** SESv2 SendEmail checks the identity and the configuration set; the sender is pinned to the deployment's address. */
  grantSend(grantee: IGrantable): void {
    const arn = (resource: string) => `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:${resource}`;
    grantee.grantPrincipal.addToPrincipalPolicy(new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [arn(`identity/${this.identity.emailIdentityName}`), arn(`configuration-set/${this.configurationSet.configurationSetName}`)],
      conditions: { StringEquals: { 'ses:FromAddress': this.fromAddress } },
    }));
  }
}
