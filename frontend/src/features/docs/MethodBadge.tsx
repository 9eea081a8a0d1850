const colors: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-emerald-100 text-emerald-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-violet-100 text-violet-900',
  DELETE: 'bg-rose-100 text-rose-900',
};

export function MethodBadge({ method }: { method: string }) {
  return <span className={`inline-block min-w-14 rounded-md px-1.5 py-0.5 text-center font-mono text-[11px] font-bold ${colors[method] ?? 'bg-slate-100 text-slate-800'}`}>{method}</span>;
}
