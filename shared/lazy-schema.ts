/**
 * A schema built the first time it is used, not when its module loads. Every Lambda function imports the whole
 * contract (the route table and its schemas) but validates with a few of them; building them all cost most of a
 * function's init (docs/scale.md, "Functions"). The value behaves as the schema it builds.
 *
 * Every call is written `/* @__PURE__ *\/ lazySchema(...)`: esbuild honours a function's own no-side-effects mark
 * only within its file, and the mark at the call is what lets it drop the schemas a function never reaches.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let schema: T | undefined;
  const built = () => (schema ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(built(), key, built()),
    set: (_, key, value) => Reflect.set(built(), key, value),
    has: (_, key) => Reflect.has(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
