import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '@infra/repo-root';

const config = createRequire(import.meta.url)(fromRoot('.dependency-cruiser.cjs')) as { options: Record<string, unknown> };

/** Our files a module reaches by import, itself and type-only imports included (docs/architecture.md, "What a handler reaches"). */
async function closureOf(entry: string): Promise<string[]> {
  const result = await cruise([entry], { ...config.options, validate: false }, undefined, { tsConfig: extractTSConfig(fromRoot('tsconfig.json')) });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not modules');
  return result.output.modules.filter((module) => !module.coreModule && !module.couldNotResolve && !module.source.includes('node_modules')).map((module) => module.source);
}

/**
 * A ratchet on what a handler drags in: the figures are the closures measured when each use case began wiring only
 * what it uses (the targets of issue 33 are 30 and 60). Lower them as the contexts shrink; a change that raises one
 * pulls a context into a handler that does not use it.
 */
describe('what a handler reaches', () => {
  it.each([
    // 40: the stations' adapter builds its updates and conditions from the entity builder (platform/adapters/dynamodb/entity.ts, issue 33 item 3);
    // its one text is the stations' (stations/domain/texts.ts), no longer a table that formats rupiah and Bali time.
    ['functions/http/routes/getMachine.ts', 40],
    // 116: the table's entity builder and the totals shard's declaration (platform/adapters/dynamodb/{entity,stats}.ts, issue 33
    // item 3) and the wallet's rules on the book (wallet/domain/ledger-rules.ts), less the local key file, now the local cloud's;
    // and the texts of the five contexts it says something of (guests, stations, vending, wallet, accounts: */domain/texts.ts),
    // where one table of them all was one file; less the claims' and the telemetry's repositories, which creating an order
    // does not use (guests/providers/guest-order-deps.ts).
    ['functions/http/routes/createGuestOrder.ts', 116],
  ])('%s reaches at most %i files', { timeout: 60_000 }, async (entry, most) => {
    const closure = await closureOf(entry);
    expect(closure).toContain(entry);
    expect(closure.length, closure.join('\n')).toBeLessThanOrEqual(most);
  });
});
