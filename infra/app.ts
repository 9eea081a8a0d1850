/**
 * The CDK app (cdk.json: "app": "npx tsx infra/app.ts"). Composition lives in infra/constructs/refill-app.ts;
 * context keys and deploy steps are in docs/infrastructure.md.
 */
import { App } from 'aws-cdk-lib';
import { buildRefillApp } from './constructs/refill-app';

const app = new App();
buildRefillApp(app);
app.synth();
