import { resolve } from 'node:path';
import { JavaMissingError } from './dynamodb';
import { REPO_ROOT } from '../repo-root';
import { startLocalStack, writeOutputs } from './stack';

/**
 * `npm start`: the whole system on this machine, with seeded data, the web app as CloudFront serves it (production
 * build, same headers). `npm run dev` (--dev): the same with the Vite dev server (hot reloading). Ctrl-C stops everything.
 */
const port = Number(process.env.PORT ?? 5173);
const webMode = process.argv.includes('--dev') ? 'dev' : 'production';
const outputsFile = resolve(REPO_ROOT, '.local/outputs.json');

try {
  const stack = await startLocalStack({
    dataDir: resolve(REPO_ROOT, '.local/data'),
    webPort: port,
    webMode,
    log: (line) => console.log(`  ${line}`),
  });
  writeOutputs(outputsFile, stack.outputs);
  console.log(`
  Bali Refill is running
    Web app and API  ${stack.outputs.web} (${webMode === 'dev' ? 'Vite dev server, hot reloading' : 'production build, served as CloudFront serves it'})
    API gateway      ${stack.outputs.api}
    DynamoDB Local   ${stack.outputs.dynamodb.endpoint} (table ${stack.outputs.dynamodb.tableName})
    Local Cognito    ${stack.outputs.cognito.endpoint} (pool ${stack.outputs.cognito.userPoolId})
    Outbox (e-mail)  ${stack.outputs.mail.web} (sign-up and reset codes, receipts: every e-mail the system sends)
    Accounts         ${stack.outputs.cognito.accounts.map((a) => `${a.username} / ${a.password} (${a.role})`).join('\n                     ')}
    Endpoints file   .local/outputs.json

  Press Ctrl-C to stop.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n  Stopping...');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
} catch (error) {
  if (error instanceof JavaMissingError) {
    console.error(`\n  ${error.message.replace(/\n/g, '\n  ')}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
}
