import * as z from 'zod';
import { EnvironmentalImpact, HostRequest, Machine, Settings, Transaction, User } from '@shared/schemas';
import { typeOf, type JsonSchema } from './json-schema';

const models = { Machine, User, Transaction, HostRequest, EnvironmentalImpact, Settings };

/** One card per record of the contract, its fields and types generated from the zod schemas. */
export function DataModelCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {Object.entries(models).map(([name, schema]) => {
        const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
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
