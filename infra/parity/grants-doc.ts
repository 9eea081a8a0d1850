import { readFileSync, writeFileSync } from 'node:fs';
import { fromRoot } from '../repo-root';
import { grantsText } from './report';
import type { ParityReport } from './report';

/** Where the grants no driver uses are listed with why: docs/infrastructure.md, "Least privilege where money is". */
export const GRANTS_DOC = fromRoot('docs/infrastructure.md');
const BEGIN = '<!-- unused grants: npm run parity -- --write-docs -->';
const END = '<!-- end of unused grants -->';
const HEADER = ['| Functions | Granted, never used | Why no driver reaches it |', '| --- | --- | --- |'];

interface Row {
  functions: string[];
  grants: string;
  why: string;
}

/**
 * The grants of the functions away from money that no driver used, one row per set of grants with the functions that
 * have it (in the report's order). Resources read as the doc writes them: the table and its indexes by name, the
 * user pool (whose id differs per run).
 */
function unusedGrantRows(report: Pick<ParityReport, 'functions'>): Omit<Row, 'why'>[] {
  const rows = new Map<string, string[]>();
  for (const f of report.functions) {
    if (f.money || !f.unusedGrants.length) continue;
    const grants = grantsText(f.unusedGrants)
      .replace(/table\/[\w-]+\/index\/(\w+)/g, '$1')
      .replace(/table\/[\w-]+/g, 'table')
      .replace(/userpool\/[\w-]+/g, 'the user pool');
    rows.set(grants, [...(rows.get(grants) ?? []), f.key]);
  }
  return [...rows].map(([grants, functions]) => ({ functions, grants }));
}

const cells = (line: string) => line.slice(1, -1).split(' | ').map((c) => c.trim());
const rowLine = (row: Row) => `| ${row.functions.map((f) => `\`${f}\``).join(', ')} | ${row.grants} | ${row.why} |`;

/** The rows the doc holds now, with their reasons. */
function documentedRows(doc: string): Row[] | null {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) return null;
  return doc.slice(begin + BEGIN.length, end).split('\n').filter((line) => line.startsWith('| `')).map((line) => {
    const [functions = '', grants = '', why = ''] = cells(line);
    return { functions: functions.split(', ').map((f) => f.replace(/`/g, '')), grants, why };
  });
}

/** What the doc says that this run did not find, and what it found that the doc does not say (or says without why). */
export function checkGrantsDoc(report: Pick<ParityReport, 'functions'>, doc = readFileSync(GRANTS_DOC, 'utf8')): string[] {
  const documented = documentedRows(doc);
  if (!documented) return [`docs/infrastructure.md has no table of unused grants between "${BEGIN}" and "${END}"`];
  const problems: string[] = [];
  const found = unusedGrantRows(report);
  const same = (a: Omit<Row, 'why'>, b: Omit<Row, 'why'>) => a.grants === b.grants && a.functions.join() === b.functions.join();
  for (const row of found) {
    const written = documented.find((d) => same(d, row));
    if (!written) problems.push(`docs/infrastructure.md does not list ${row.functions.join(', ')}: ${row.grants} (npm run parity -- --write-docs, then say why)`);
    else if (!written.why) problems.push(`docs/infrastructure.md does not say why no driver reaches ${row.functions.join(', ')}: ${row.grants}`);
  }
  for (const row of documented) if (!found.some((f) => same(f, row))) problems.push(`docs/infrastructure.md lists ${row.functions.join(', ')}: ${row.grants}, which this run did use or no longer grants`);
  return problems;
}

/** Writes this run's rows into the doc, each with the reason the doc gave the same grants before (empty for new ones). */
export function writeGrantsDoc(report: Pick<ParityReport, 'functions'>): void {
  const doc = readFileSync(GRANTS_DOC, 'utf8');
  const documented = documentedRows(doc);
  if (!documented) throw new Error(`docs/infrastructure.md has no "${BEGIN}" ... "${END}" to write the table between`);
  const rows = unusedGrantRows(report).map((row) => ({ ...row, why: documented.find((d) => d.grants === row.grants)?.why ?? '' }));
  const table = [...HEADER, ...rows.map(rowLine)].join('\n');
  writeFileSync(GRANTS_DOC, `${doc.slice(0, doc.indexOf(BEGIN) + BEGIN.length)}\n${table}\n${doc.slice(doc.indexOf(END))}`);
}
