import { routeIds, routes, type RouteDefinition } from '@shared/routes';
import { docs } from '../../i18n/docs';
import { useMessages } from '../../i18n/messages';
import { MethodBadge } from './MethodBadge';

/** The route table of the contract, grouped by tag. */
export function EndpointCards() {
  const t = useMessages(docs).diagram;
  const groups = new Map<RouteDefinition['tag'], RouteDefinition[]>();
  for (const id of routeIds) {
    const route: RouteDefinition = routes[id];
    groups.set(route.tag, [...(groups.get(route.tag) ?? []), route]);
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {[...groups].map(([tag, list]) => (
        <section key={tag} aria-labelledby={`endpoints-${tag}`} className="min-w-0 rounded-2xl bg-white p-5 shadow-card ring-1 ring-slate-200">
          <h3 id={`endpoints-${tag}`} className="font-semibold text-slate-900">{t.tags[tag]}</h3>
          <ul className="mt-3 space-y-2">
            {list.map((route) => (
              <li key={route.method + route.path} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <MethodBadge method={route.method} />
                <code className="font-mono text-[13px] break-all text-slate-800">{route.path}</code>
                <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${route.auth === 'public' ? 'bg-emerald-50 text-emerald-800' : route.auth === 'user' ? 'bg-sky-50 text-sky-800' : 'bg-rose-50 text-rose-800'}`}>
                  {route.auth === 'public' || route.auth === 'user' ? t.auth[route.auth] : route.auth.map((role) => t.auth[role]).join(' · ')}
                </span>
                <span className="w-full text-xs text-slate-600">{route.summary}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
