import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';

const AXE = readFileSync(resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** axe's violations of the WCAG A/AA rules, with the first nodes of each; `within` (a CSS selector) checks that part only. */
export async function axeViolations(p: Page, within?: string) {
  // Evaluated through the DevTools protocol: an inline <script> would (rightly) be refused by the CSP.
  await p.evaluate(AXE);
  return p.evaluate(async ({ tags, within }) => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[]; failureSummary?: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document | { include: string[][] }, o: object) => Promise<Result> } }).axe;
    const result = await axe.run(within ? { include: [[within]] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
  }, { tags: WCAG_TAGS, within });
}

