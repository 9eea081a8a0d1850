/** The region of AWS clients: the Lambda's own (AWS_REGION is always set there); Jakarta for local tools. */
export const awsRegion = (env: NodeJS.ProcessEnv = process.env) => env.AWS_REGION || 'ap-southeast-3';
