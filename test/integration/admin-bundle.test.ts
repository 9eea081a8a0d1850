import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNTS } from '../../infra/local/identity';
import { basicAuth } from '../support/auth';
import { local } from '../support/local';

/** The production build the local cloud serves (the one `cdk deploy` uploads). */
const outDir = local().webBuild!;

/** Every credential shape the spec's client carried (a fixed basic-authorization header) and the seeded passwords. */
function credentialFindings(text: string): string[] {
  const findings: string[] = [];
  if (/authorization['"`]?\s*[:=,]\s*['"`]?\s*basic\b/i.test(text)) findings.push('an Authorization: Basic header');
  // A base64 token (a digit, +, / or = in it, so that prose like 'Basic information' is not one).
  const basic = /\bBasic\s+(?=[A-Za-z0-9+/]*[0-9+/=])([A-Za-z0-9+/]{12,}={0,2})(?![A-Za-z0-9+/=])/.exec(text);
  if (basic) findings.push(`Basic credentials ${basic[1]}`);
  for (const account of LOCAL_ACCOUNTS) {
    if (text.includes(account.password)) findings.push(`the password of ${account.username}`);
    const encoded = Buffer.from(`${account.username}:${account.password}`).toString('base64');
    if (text.includes(encoded)) findings.push(`the basic credentials of ${account.username}`);
  }
  return findings;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}


describe('the built web app carries no credentials', () => {
  it('the scan catches a planted basic-authorization header and the seeded passwords', () => {
    const admin = LOCAL_ACCOUNTS.find((a) => a.role === 'admin')!;
    expect(credentialFindings(`fetch(u,{headers:{Authorization:"${basicAuth('admin', 'secret')}"}})`)).toHaveLength(2);
    expect(credentialFindings(`headers.set('authorization', 'Basic ' + token)`)).toEqual(['an Authorization: Basic header']);
    expect(credentialFindings(`const p = "${admin.password}"`)).toEqual([`the password of ${admin.username}`]);
    expect(credentialFindings('headers: { authorization: `Bearer ${token}` }')).toEqual([]);
    expect(credentialFindings('<h2>Basic information</h2>')).toEqual([]);
  });

  it('has no Authorization: Basic, no Basic credentials and no seeded password in any output file (source maps included)', () => {
    const files = filesUnder(outDir);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('index.html'))).toBe(true);
    const found = files.flatMap((file) => credentialFindings(readFileSync(file, 'utf8')).map((what) => `${relative(outDir, file)}: ${what}`));
    expect(found).toEqual([]);
  });

  it('includes the admin console in the build, calling the API with the bearer token only', () => {
    const js = filesUnder(outDir).filter((f) => f.endsWith('.js')).map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(js).toContain('Checking authentication');
    expect(js).toContain('Machine created successfully!');
    expect(js).toContain('Bearer ');
  });
});
