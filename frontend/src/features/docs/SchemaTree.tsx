import { constraintsOf, typeOf, type JsonSchema } from './json-schema';

/** Fields of a JSON Schema as a nested list: name, type, required flag, bounds. */
export function SchemaTree({ schema, required, depth = 0 }: { schema: JsonSchema; /** Label for required fields; omitted for responses, where every field is sent. */ required?: string; depth?: number }) {
  const target = schema.type === 'array' && schema.items ? schema.items : schema;
  const properties = target.properties;
  if (!properties || Object.keys(properties).length === 0) {
    return <p className="mt-1 font-mono text-xs text-slate-600">{typeOf(schema)}</p>;
  }
  const requiredSet = new Set(target.required ?? []);
  return (
    <ul className={`mt-1 space-y-1 text-xs ${depth > 0 ? 'border-l border-slate-200 pl-3' : ''}`}>
      {schema.type === 'array' && depth === 0 && <li className="font-mono text-slate-500">array of</li>}
      {Object.entries(properties).map(([name, prop]) => {
        const nested = prop.properties || (prop.type === 'array' && prop.items?.properties);
        return (
          <li key={name}>
            <span className="font-mono font-semibold text-slate-900">{name}</span>{' '}
            <span className="font-mono text-slate-600">{typeOf(prop)}</span>
            {required && requiredSet.has(name) && <span className="ml-1.5 rounded bg-amber-50 px-1 text-[10px] font-semibold text-amber-800">{required}</span>}
            {constraintsOf(prop).length > 0 && <span className="ml-1.5 text-slate-500">{constraintsOf(prop).join(', ')}</span>}
            {nested && depth < 3 ? <SchemaTree schema={prop} required={required} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
