import { docs } from '../../i18n/docs';
import { useMessages } from '../../i18n/messages';
import { MethodBadge } from './MethodBadge';
import type { operationsOf } from './operations';

/** The operations of the contract, grouped by tag. */
export function EndpointCards({ operations }: { operations: ReturnType<typeof operationsOf> }) {
  const t = useMessages(docs).diagram;
  const tags: Record<string, string> = t.tags;
  const roles: Record<string, string> = t.auth;
  const groups = new Map<string, typeof operations>();
  for (const operation of operations) {
    const tag = operation.op.tags[0] ?? 'other';
    groups.set(tag, [...(groups.get(tag) ?? []), operation]);
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {[...groups].map(([tag, list]) => (
        <section key={tag} aria-labelledby={`endpoints-${tag}`} className="min-w-0 rounded-2xl bg-white p-5 shadow-card ring-1 ring-slate-200">
          <h3 id={`endpoints-${tag}`} className="font-semibold text-slate-900">{tags[tag] ?? tag}</h3>
          <ul className="mt-3 space-y-2">
            {list.map(({ path, method, op }) => {
              const auth = op['x-auth'];
              return (
                <li key={method + path} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                  <MethodBadge method={method} />
                  <code className="font-mono text-[13px] break-all text-slate-800">{path}</code>
                  <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${auth === 'public' ? 'bg-emerald-50 text-emerald-800' : auth === 'user' ? 'bg-sky-50 text-sky-800' : 'bg-rose-50 text-rose-800'}`}>
                    {auth.split(', ').map((role) => roles[role] ?? role).join(' · ')}
                  </span>
                  <span className="w-full text-xs text-slate-600">{op.summary}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
