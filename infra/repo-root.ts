import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is at its infra/). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Resolves a repository-relative path such as `functions/http/routes/listMachines.ts`. */
export const fromRoot = (relativePath: string) => join(REPO_ROOT, relativePath);
