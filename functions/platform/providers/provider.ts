/**
 * One adapter behind one port, created on first use and kept for the life of the Lambda container.
 * `use` puts another adapter in its place: the local cloud plugs in its broker and CA this way, so the
 * Lambda bundles never carry them. Declare each as `/* @__PURE__ *\/ provider(...)`: a function's bundle then
 * leaves out every provider its use case never calls, and the SDK client behind it (docs/scale.md, "Functions").
 */
export interface Provider<T> {
  (): T;
  use(adapter: T): void;
}

export function provider<T>(create: () => T): Provider<T> {
  let adapter: T | undefined;
  const get = (() => (adapter ??= create())) as Provider<T>;
  get.use = (next) => {
    adapter = next;
  };
  return get;
}
