import { Lazy, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { SETTINGS, settingsFor, type Need, type SettingName } from '@functions/platform/environment';

/** CloudWatch namespace of the functions' Powertools metrics (alarms read it too). */
export const POWERTOOLS_METRICS_NAMESPACE = SETTINGS.POWERTOOLS_METRICS_NAMESPACE.fallback;

const perStack = new WeakMap<Stack, FunctionSettings>();

/**
 * The deployment's value of every function setting (functions/platform/environment.ts), one registry per stack, shared with
 * its nested stacks. Constructs put a value in as soon as they own it (the table's name, a secret's ARN, the
 * CloudFront URL...), and each function gets exactly the settings of its needs, resolved at synthesis, so a function
 * created before the construct that owns a value still gets it. A setting a function needs that nobody provided
 * fails the synthesis.
 */
export class FunctionSettings {
  static of(scope: IConstruct): FunctionSettings {
    // A nested stack's functions share the settings of the stack it is deployed with.
    let stack = Stack.of(scope);
    while (stack.nestedStackParent) stack = stack.nestedStackParent;
    let settings = perStack.get(stack);
    if (!settings) perStack.set(stack, (settings = new FunctionSettings()));
    return settings;
  }

  private readonly values = new Map<SettingName, string>([
    ['POWERTOOLS_SERVICE_NAME', SETTINGS.POWERTOOLS_SERVICE_NAME.fallback],
    ['POWERTOOLS_METRICS_NAMESPACE', POWERTOOLS_METRICS_NAMESPACE],
  ]);

  private constructor() {}

  provide(name: SettingName, value: string): void {
    if (this.values.has(name)) throw new Error(`Setting ${name} is provided twice`);
    this.values.set(name, value);
  }

  environmentFor(needs: Iterable<Need>): Record<string, string> {
    return Object.fromEntries(
      settingsFor(needs).map((name) => [
        name,
        Lazy.string({
          produce: () => {
            const value = this.values.get(name);
            if (value === undefined) throw new Error(`No construct provides the setting ${name}`);
            return value;
          },
        }),
      ]),
    );
  }
}
