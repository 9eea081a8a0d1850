import { typeOf, type JsonSchema } from './json-schema';

/** One card per record of the contract (the document's component schemas, from the zod schemas), its fields and types. */
export function DataModelCards({ models }: { models: Record<string, JsonSchema> }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Object.entries(models).map(([name, json]) => {
        const required = new Set(json.required ?? []);
        return (
          <li key={name} className="min-w-0 rounded-2xl bg-white p-5 shadow-card ring-1 ring-slate-200">
            <h3 className="font-mono text-sm font-bold text-brand-800">{name}</h3>
            <dl className="mt-3 space-y-1.5 text-xs">
              {Object.entries(json.properties ?? {}).map(([field, prop]) => (
                <div key={field} className="flex items-baseline justify-between gap-3 border-b border-slate-100 pb-1.5 last:border-0">
                  <dt className="shrink-0 font-mono font-medium text-slate-800">{field}{required.has(field) ? '' : '?'}</dt>
                  <dd className="min-w-0 truncate text-right font-mono text-slate-500" title={typeOf(prop)}>{typeOf(prop)}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
