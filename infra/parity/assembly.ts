import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flattenNestedStacks, NESTED_STACK_PATH } from '@infra/templates/nested-stacks';
import type { Resource, Template } from '@infra/templates/template';
import { MONEY_TAG } from '../constructs/common';

export interface StackArtifact {
  /** The stack name (artifact id) as deployed. */
  name: string;
  region: string;
  template: Template;
  /** Asset hash -> directory of the asset in the cloud assembly. */
  assetDirs: Map<string, string>;
}

/** One AWS::Lambda::Function of a synthesized template. */
export interface FunctionResource {
  stack: StackArtifact;
  logicalId: string;
  /** The construct path without the stack and any nested stack, e.g. `Api/listMachines/Function/Resource`. */
  path: string;
  /** What drivers are keyed by: the path without `/Resource`, `/Function` and `/Handler` at its end (`Api/listMachines`). */
  key: string;
  properties: Record<string, unknown>;
  /** The bundled code as the assembly holds it (the directory the .zip asset is made of). */
  codeDir: string;
  handler: string;
  runtime: string;
  memoryMb: number;
  timeoutSeconds: number;
  /** Tagged as moving money (infra/constructs/common.ts, MONEY_TAG): every grant of its role must be used. */
  money: boolean;
}

/**
 * A synthesized CDK app (a cloud assembly): its stacks in deployment order (a stack after those it depends on), each
 * with its template (its nested stacks taken into it, infra/templates/nested-stacks.ts) and its file assets.
 */
export class CloudAssembly {
  readonly stacks: StackArtifact[];

  constructor(readonly dir: string, templates?: Map<string, Template>) {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { type: string; environment?: string; properties?: { templateFile?: string; file?: string }; dependencies?: string[] }>;
    };
    const stackIds = Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack').map(([id]) => id);
    const ordered: string[] = [];
    const visit = (id: string, seen: Set<string>) => {
      if (ordered.includes(id)) return;
      if (seen.has(id)) throw new Error(`Stack dependency cycle at ${id}`);
      seen.add(id);
      for (const dep of manifest.artifacts[id]?.dependencies ?? []) if (stackIds.includes(dep)) visit(dep, seen);
      ordered.push(id);
    };
    for (const id of stackIds) visit(id, new Set());

    this.stacks = ordered.map((name) => {
      const artifact = manifest.artifacts[name]!;
      const region = /^aws:\/\/[^/]+\/(.+)$/.exec(artifact.environment ?? '')?.[1];
      if (!region || region === 'unknown-region') throw new Error(`Stack ${name} has no concrete region (${artifact.environment})`);
      const readTemplate = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Template;
      const template =
        templates?.get(name) ??
        flattenNestedStacks(readTemplate(artifact.properties!.templateFile!), (logicalId, resource) => {
          const file = resource.Metadata?.['aws:asset:path'];
          if (typeof file !== 'string') throw new Error(`${name}/${logicalId}: a nested stack without its template's asset path`);
          return readTemplate(file);
        });
      const assets = manifest.artifacts[`${name}.assets`]?.properties?.file;
      const assetDirs = new Map<string, string>();
      if (assets) {
        const files = (JSON.parse(readFileSync(join(dir, assets), 'utf8')) as { files: Record<string, { source: { path: string; packaging?: string } }> }).files;
        for (const [hash, file] of Object.entries(files)) if (file.source.packaging === 'zip') assetDirs.set(hash, join(dir, file.source.path));
      }
      return { name, region, template, assetDirs };
    });
  }

  /** The same assembly with some templates replaced (the parity tests change one side of a template). */
  withTemplates(change: (stack: string, template: Template) => Template | undefined): CloudAssembly {
    const templates = new Map<string, Template>();
    for (const stack of this.stacks) {
      const copy = structuredClone(stack.template);
      templates.set(stack.name, change(stack.name, copy) ?? copy);
    }
    return new CloudAssembly(this.dir, templates);
  }

  stack(name: string): StackArtifact {
    const stack = this.stacks.find((s) => s.name === name);
    if (!stack) throw new Error(`No stack ${name} in the cloud assembly`);
    return stack;
  }

  functions(): FunctionResource[] {
    const functions: FunctionResource[] = [];
    for (const stack of this.stacks) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type !== 'AWS::Lambda::Function') continue;
        const properties = resource.Properties ?? {};
        const code = properties.Code as { S3Key?: unknown; ZipFile?: unknown } | undefined;
        const hash = typeof code?.S3Key === 'string' ? code.S3Key.replace(/\.zip$/, '') : undefined;
        const codeDir = hash ? stack.assetDirs.get(hash) : undefined;
        if (!codeDir) throw new Error(`${stack.name}/${logicalId}: its code is not a file asset of the assembly (inline code is not supported)`);
        const path = constructPath(resource) ?? logicalId;
        functions.push({
          stack,
          logicalId,
          path,
          key: keyOf(path),
          properties,
          codeDir,
          handler: String(properties.Handler),
          runtime: String(properties.Runtime),
          memoryMb: Number(properties.MemorySize ?? 128),
          timeoutSeconds: Number(properties.Timeout ?? 3),
          money: ((properties.Tags as { Key: string; Value: string }[] | undefined) ?? []).some((t) => t.Key === MONEY_TAG.key && t.Value === MONEY_TAG.value),
        });
      }
    }
    return functions;
  }
}

/**
 * A resource's construct path without its stack and without the nested stack it is in (`Stack/Api/AdminRoutes/x` ->
 * `Api/x`): drivers name functions, not deployment units.
 */
export function constructPath(resource: Resource): string | undefined {
  const cdkPath = resource.Metadata?.['aws:cdk:path'];
  if (typeof cdkPath !== 'string') return undefined;
  const nested = resource.Metadata?.[NESTED_STACK_PATH];
  const path = typeof nested === 'string' && cdkPath.startsWith(`${nested}/`) ? `${nested.slice(0, nested.lastIndexOf('/'))}${cdkPath.slice(nested.length)}` : cdkPath;
  return path.slice(path.indexOf('/') + 1);
}

/** The key of a function's construct path: without `/Resource`, `/Function` and `/Handler` at its end. */
export const keyOf = (path: string) => path.replace(/(\/(Resource|Function|Handler))+$/, '');
