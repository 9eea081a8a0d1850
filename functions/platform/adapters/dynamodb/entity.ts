/**
 * Entities in the table (docs/infrastructure.md, "Entities in the table"): each item kind is declared once, its key
 * builder (keys.ts) and the attributes it holds, and every update and condition is built from that declaration, so an
 * attribute's name is checked by the compiler and no adapter writes an UpdateExpression by hand (ESLint refuses one
 * outside this file).
 */

type TableKey = Record<string, string>;
type Name<Attributes> = Extract<keyof Attributes, string>;
/** Attributes that hold numbers: the only ones ADD may count. */
type NumberName<Attributes> = { [K in Name<Attributes>]: Attributes[K] extends number | undefined ? K : never }[Name<Attributes>];

/** Registers names and values as placeholders (#n0, :v0, …), a name once however often it is used. */
class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private readonly byName = new Map<string, string>();

  name(attribute: string): string {
    let placeholder = this.byName.get(attribute);
    if (!placeholder) {
      placeholder = `#n${this.byName.size}`;
      this.byName.set(attribute, placeholder);
      this.names[placeholder] = attribute;
    }
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${Object.keys(this.values).length}`;
    this.values[placeholder] = value;
    return placeholder;
  }
}

/** Builds a ConditionExpression over an entity's attributes. */
class Conditions<Attributes> {
  constructor(private readonly placeholders: Placeholders) {}

  /** The item is there (its partition key is): an update that must not create it. */
  itemExists = () => 'attribute_exists(PK)';
  exists = (name: Name<Attributes>) => `attribute_exists(${this.placeholders.name(name)})`;
  notExists = (name: Name<Attributes>) => `attribute_not_exists(${this.placeholders.name(name)})`;
  eq = <K extends Name<Attributes>>(name: K, value: Attributes[K]) => this.compare(name, '=', value);
  ne = <K extends Name<Attributes>>(name: K, value: Attributes[K]) => this.compare(name, '<>', value);
  lt = <K extends Name<Attributes>>(name: K, value: Attributes[K]) => this.compare(name, '<', value);
  le = <K extends Name<Attributes>>(name: K, value: Attributes[K]) => this.compare(name, '<=', value);
  gt = <K extends Name<Attributes>>(name: K, value: Attributes[K]) => this.compare(name, '>', value);
  ge = <K extends Name<Attributes>>(name: K, value: Attributes[K]) => this.compare(name, '>=', value);
  /** Parenthesised, so an `or` inside an `and` keeps its meaning. */
  and = (...parts: string[]) => `(${parts.join(' AND ')})`;
  or = (...parts: string[]) => `(${parts.join(' OR ')})`;
  not = (part: string) => `(NOT ${part})`;

  private compare(name: string, operator: string, value: unknown) {
    return `${this.placeholders.name(name)} ${operator} ${this.placeholders.value(value)}`;
  }
}

export type Condition<Attributes> = (c: Conditions<Attributes>) => string;

export interface UpdateSpec<Attributes> {
  /** SET each attribute; one given as undefined is REMOVEd instead (a field cleared). */
  set?: Partial<Attributes>;
  /** ADD a number to a counter (created at the number when absent). */
  add?: Partial<Record<NumberName<Attributes>, number>>;
  remove?: Name<Attributes>[];
  condition?: Condition<Attributes>;
}

/** What UpdateCommand (or a transaction's Update) takes, bar the table name. */
export interface BuiltUpdate {
  Key: TableKey;
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** What a conditional Put, Delete or ConditionCheck takes for its condition. */
export interface BuiltCondition {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

const withValues = (values: Record<string, unknown>) => (Object.keys(values).length ? { ExpressionAttributeValues: values } : {});

export function buildUpdate<Attributes>(key: TableKey, spec: UpdateSpec<Attributes>): BuiltUpdate {
  const placeholders = new Placeholders();
  const sets: string[] = [];
  const removes: string[] = [];
  for (const [name, value] of Object.entries(spec.set ?? {})) {
    if (value === undefined) removes.push(placeholders.name(name));
    else sets.push(`${placeholders.name(name)} = ${placeholders.value(value)}`);
  }
  removes.push(...(spec.remove ?? []).map((name) => placeholders.name(name)));
  const adds = Object.entries(spec.add ?? {}).map(([name, by]) => `${placeholders.name(name)} ${placeholders.value(by)}`);
  const clauses = [['SET', sets], ['REMOVE', removes], ['ADD', adds]] as const;
  const expression = clauses.filter(([, parts]) => parts.length).map(([verb, parts]) => `${verb} ${parts.join(', ')}`).join(' ');
  if (!expression) throw new Error('An update must set, add or remove at least one attribute.');
  const condition = spec.condition?.(new Conditions<Attributes>(placeholders));
  return {
    Key: key,
    UpdateExpression: expression,
    ...(condition ? { ConditionExpression: condition } : {}),
    ExpressionAttributeNames: placeholders.names,
    ...withValues(placeholders.values),
  };
}

export function buildCondition<Attributes>(condition: Condition<Attributes>): BuiltCondition {
  const placeholders = new Placeholders();
  const expression = condition(new Conditions<Attributes>(placeholders));
  return { ConditionExpression: expression, ExpressionAttributeNames: placeholders.names, ...withValues(placeholders.values) };
}

export interface Entity<Attributes, KeyArgs extends unknown[]> {
  key: (...args: KeyArgs) => TableKey;
  update: (key: KeyArgs, spec: UpdateSpec<Attributes>) => BuiltUpdate;
  condition: (condition: Condition<Attributes>) => BuiltCondition;
}

/**
 * Declares an entity: `entity<{ until: string }>()(keys.lease)`. The attributes are the item's own (not its keys,
 * unless an update moves an index key, which is then declared too).
 */
export const entity =
  <Attributes>() =>
  <KeyArgs extends unknown[]>(key: (...args: KeyArgs) => TableKey): Entity<Attributes, KeyArgs> => ({
    key,
    update: (args, spec) => buildUpdate(key(...args), spec),
    condition: (condition) => buildCondition(condition),
  });
