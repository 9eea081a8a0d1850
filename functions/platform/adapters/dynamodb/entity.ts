/**
 * Entities in the table (docs/infrastructure.md, "Entities in the table"): each item kind is declared once, its key
 * builder (keys.ts) and the attributes it holds, and every update, condition and query is built from that declaration,
 * so an attribute's name is checked by the compiler and no adapter writes an UpdateExpression, a ConditionExpression,
 * a KeyConditionExpression or a ProjectionExpression by hand (ESLint refuses one outside this file).
 */

type TableKey = Record<string, string>;
type Name<Attributes> = Extract<keyof Attributes, string>;
/** Attributes that hold numbers: the only ones ADD may count. */
type NumberName<Attributes> = { [K in Name<Attributes>]: Attributes[K] extends number | undefined ? K : never }[Name<Attributes>];
/** Attributes that hold sets: the only ones ADD and DELETE may take elements into and out of. */
type SetName<Attributes> = { [K in Name<Attributes>]: NonNullable<Attributes[K]> extends Set<unknown> ? K : never }[Name<Attributes>];
/** Attributes that hold lists: the only ones APPEND may extend. */
type ListName<Attributes> = { [K in Name<Attributes>]: NonNullable<Attributes[K]> extends readonly unknown[] ? K : never }[Name<Attributes>];
/** An attribute, or a field of a map attribute one level down (`safetyLock.at`): what a condition may test. */
type Path<Attributes> =
  | Name<Attributes>
  | { [K in Name<Attributes>]: NonNullable<Attributes[K]> extends readonly unknown[] | Set<unknown> ? never : NonNullable<Attributes[K]> extends object ? `${K}.${Name<NonNullable<Attributes[K]>>}` : never }[Name<Attributes>];
type ValueAt<Attributes, P> = P extends Name<Attributes>
  ? Attributes[P]
  : P extends `${infer K extends Name<Attributes>}.${infer J}` ? (J extends keyof NonNullable<Attributes[K]> ? NonNullable<Attributes[K]>[J] : never) : never;

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

  /** A nested path names each step (`#n0.#n1`), as DynamoDB reads a dot inside one name as part of the name. */
  path(path: string): string {
    return path.split('.').map((step) => this.name(step)).join('.');
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
  /** The item is not there yet: an update that creates it, once. */
  itemNotExists = () => 'attribute_not_exists(PK)';
  exists = (path: Path<Attributes>) => `attribute_exists(${this.placeholders.path(path)})`;
  notExists = (path: Path<Attributes>) => `attribute_not_exists(${this.placeholders.path(path)})`;
  eq = <P extends Path<Attributes>>(path: P, value: ValueAt<Attributes, P>) => this.compare(path, '=', value);
  ne = <P extends Path<Attributes>>(path: P, value: ValueAt<Attributes, P>) => this.compare(path, '<>', value);
  lt = <P extends Path<Attributes>>(path: P, value: ValueAt<Attributes, P>) => this.compare(path, '<', value);
  le = <P extends Path<Attributes>>(path: P, value: ValueAt<Attributes, P>) => this.compare(path, '<=', value);
  gt = <P extends Path<Attributes>>(path: P, value: ValueAt<Attributes, P>) => this.compare(path, '>', value);
  ge = <P extends Path<Attributes>>(path: P, value: ValueAt<Attributes, P>) => this.compare(path, '>=', value);
  /** A string attribute holding a substring, or a set or list holding an element. */
  contains = <P extends Path<Attributes>>(path: P, element: unknown) => `contains(${this.placeholders.path(path)}, ${this.placeholders.value(element)})`;
  in = <P extends Path<Attributes>>(path: P, values: ValueAt<Attributes, P>[]) =>
    `${this.placeholders.path(path)} IN (${values.map((value) => this.placeholders.value(value)).join(', ')})`;
  /** The attribute is stored as null (not absent). */
  isNull = (path: Path<Attributes>) => `attribute_type(${this.placeholders.path(path)}, ${this.placeholders.value('NULL')})`;
  /**
   * Parenthesised, so an `or` inside an `and` keeps its meaning. An `and` of no parts is no condition at all (''), which
   * the builders leave out: a filter made of optional parts may end up with none.
   */
  and = (...parts: string[]) => {
    const given = parts.filter(Boolean);
    return given.length ? `(${given.join(' AND ')})` : '';
  };
  or = (...parts: string[]) => `(${parts.join(' OR ')})`;
  not = (part: string) => `(NOT ${part})`;

  private compare(path: string, operator: string, value: unknown) {
    return `${this.placeholders.path(path)} ${operator} ${this.placeholders.value(value)}`;
  }
}

export type Condition<Attributes> = (c: Conditions<Attributes>) => string;

export interface UpdateSpec<Attributes> {
  /** SET each attribute; one given as undefined is REMOVEd instead (a field cleared). */
  set?: Partial<Attributes>;
  /** SET each attribute only when it is absent (if_not_exists): what it holds already stays. */
  setIfAbsent?: Partial<Attributes>;
  /** SET each attribute to what another one holds: as every SET, read from the item as it was before this update. */
  setFrom?: { [K in Name<Attributes>]?: Name<Attributes> };
  /** SET a counter to itself plus a number: unlike ADD, fails when the counter is absent. */
  increment?: Partial<Record<NumberName<Attributes>, number>>;
  /** ADD a number to a counter (created at the number when absent), or elements to a set. */
  add?: Partial<Record<NumberName<Attributes>, number>> & { [K in SetName<Attributes>]?: NonNullable<Attributes[K]> };
  /** DELETE elements from a set. */
  delete?: { [K in SetName<Attributes>]?: NonNullable<Attributes[K]> };
  /** Append items at the end of a list attribute (which must be there: list_append of a missing list fails). */
  append?: { [K in ListName<Attributes>]?: NonNullable<Attributes[K]> };
  /** Append items at the end of a list attribute, which is started empty when absent (list_append(if_not_exists(...))). */
  appendOrStart?: { [K in ListName<Attributes>]?: NonNullable<Attributes[K]> };
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
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** A patch's fields that hold a value, for `set` where a field left undefined means "leave it as it is", not "remove it". */
export const definedFields = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;

/** DynamoDB refuses an empty map of names or values, so one with none is left out. */
const withNames = (names: Record<string, string>) => (Object.keys(names).length ? { ExpressionAttributeNames: names } : {});
const withValues = (values: Record<string, unknown>) => (Object.keys(values).length ? { ExpressionAttributeValues: values } : {});

export function buildUpdate<Attributes>(key: TableKey, spec: UpdateSpec<Attributes>): BuiltUpdate {
  const placeholders = new Placeholders();
  const sets: string[] = [];
  const removes: string[] = [];
  for (const [name, value] of Object.entries(spec.set ?? {})) {
    if (value === undefined) removes.push(placeholders.name(name));
    else sets.push(`${placeholders.name(name)} = ${placeholders.value(value)}`);
  }
  for (const [name, value] of Object.entries(spec.setIfAbsent ?? {})) {
    const attribute = placeholders.name(name);
    sets.push(`${attribute} = if_not_exists(${attribute}, ${placeholders.value(value)})`);
  }
  for (const [name, source] of Object.entries(spec.setFrom ?? {}) as [string, string][]) {
    sets.push(`${placeholders.name(name)} = ${placeholders.name(source)}`);
  }
  for (const [name, by] of Object.entries(spec.increment ?? {})) {
    const counter = placeholders.name(name);
    sets.push(`${counter} = ${counter} + ${placeholders.value(by)}`);
  }
  for (const [name, items] of Object.entries(spec.append ?? {})) {
    const list = placeholders.name(name);
    sets.push(`${list} = list_append(${list}, ${placeholders.value(items)})`);
  }
  for (const [name, items] of Object.entries(spec.appendOrStart ?? {})) {
    const list = placeholders.name(name);
    sets.push(`${list} = list_append(if_not_exists(${list}, ${placeholders.value([])}), ${placeholders.value(items)})`);
  }
  removes.push(...(spec.remove ?? []).map((name) => placeholders.name(name)));
  const adds = Object.entries(spec.add ?? {}).map(([name, by]) => `${placeholders.name(name)} ${placeholders.value(by)}`);
  const deletes = Object.entries(spec.delete ?? {}).map(([name, elements]) => `${placeholders.name(name)} ${placeholders.value(elements)}`);
  const clauses = [['SET', sets], ['REMOVE', removes], ['ADD', adds], ['DELETE', deletes]] as const;
  const expression = clauses.filter(([, parts]) => parts.length).map(([verb, parts]) => `${verb} ${parts.join(', ')}`).join(' ');
  if (!expression) throw new Error('An update must set, append, add or remove at least one attribute.');
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
  if (!expression) throw new Error('A condition must test something.');
  return { ConditionExpression: expression, ...withNames(placeholders.names), ...withValues(placeholders.values) };
}

/** The sort key's condition in a query; the partition is always matched exactly. */
export type SortCondition = { beginsWith: string } | { between: [string, string] } | { lt: string } | { le: string } | { gt: string } | { ge: string };

export interface QuerySpec<Attributes> {
  sort?: SortCondition;
  /** Items read that do not match are dropped after reading (a FilterExpression): a page can come back short. */
  filter?: Condition<Attributes>;
  /** Only these attributes come back (a ProjectionExpression). */
  project?: Path<Attributes>[];
}

/** What QueryCommand takes, bar the table name, paging, order and consistency. */
export interface BuiltQuery {
  IndexName?: string;
  KeyConditionExpression: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** What a Get or a BatchGet's table entry takes to read only some attributes. */
export interface BuiltProjection {
  ProjectionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
}

/** A ProjectionExpression of these attributes, named by `placeholders` (a query's shares its key condition's). */
const projectionOf = (placeholders: Placeholders, paths: string[]) => paths.map((path) => placeholders.path(path)).join(', ');

/** Only these attributes come back from a Get or a BatchGet (a Query projects through its spec's `project`). */
function buildProjection<Attributes>(paths: Path<Attributes>[]): BuiltProjection {
  const placeholders = new Placeholders();
  return { ProjectionExpression: projectionOf(placeholders, paths), ExpressionAttributeNames: placeholders.names };
}

const SORT_OPERATORS = { lt: '<', le: '<=', gt: '>', ge: '>=' } as const;

/** The table's own keys are PK / SK; an index's are named after it (GSI1PK / GSI1SK, keys.ts). */
const TABLE = 'table';

/** A query of one partition of the table (`TABLE`) or of an index, with the sort key bounded as asked. */
export function buildQuery<Attributes>(index: string, partition: string, spec: QuerySpec<Attributes> = {}): BuiltQuery {
  const placeholders = new Placeholders();
  const prefix = index === TABLE ? '' : index;
  const parts = [`${placeholders.name(`${prefix}PK`)} = ${placeholders.value(partition)}`];
  const { sort } = spec;
  if (sort) {
    const sortKey = placeholders.name(`${prefix}SK`);
    if ('beginsWith' in sort) parts.push(`begins_with(${sortKey}, ${placeholders.value(sort.beginsWith)})`);
    else if ('between' in sort) parts.push(`${sortKey} BETWEEN ${placeholders.value(sort.between[0])} AND ${placeholders.value(sort.between[1])}`);
    else {
      const [operator, bound] = Object.entries(sort)[0] as [keyof typeof SORT_OPERATORS, string];
      parts.push(`${sortKey} ${SORT_OPERATORS[operator]} ${placeholders.value(bound)}`);
    }
  }
  const filter = spec.filter?.(new Conditions<Attributes>(placeholders));
  const projection = spec.project && projectionOf(placeholders, spec.project);
  return {
    ...(index === TABLE ? {} : { IndexName: index }),
    KeyConditionExpression: parts.join(' AND '),
    ...(filter ? { FilterExpression: filter } : {}),
    ...(projection ? { ProjectionExpression: projection } : {}),
    ExpressionAttributeNames: placeholders.names,
    ExpressionAttributeValues: placeholders.values,
  };
}

type IndexKeys = Record<string, (...args: never[]) => TableKey>;

export interface Entity<Attributes, KeyArgs extends unknown[], Indexes extends IndexKeys> {
  key: (...args: KeyArgs) => TableKey;
  /** The item's entries in the indexes it is filed in, as declared (spread into a Put's item or an update's set). */
  indexes: Indexes;
  update: (key: KeyArgs, spec: UpdateSpec<Attributes>) => BuiltUpdate;
  condition: (condition: Condition<Attributes>) => BuiltCondition;
  /** A query of the table's own key (`TABLE`) or of an index the entity is declared in: only those can be asked. */
  query: (index: typeof TABLE | Extract<keyof Indexes, string>, partition: string, spec?: QuerySpec<Attributes>) => BuiltQuery;
  /** Reads only these attributes in a Get or a BatchGet. */
  project: (paths: Path<Attributes>[]) => BuiltProjection;
}

/**
 * Declares an entity: `entity<{ until: string }>()(keys.lease)`, and the indexes it is filed in with their key builders:
 * `entity<Machine>()(keys.machine, { GSI2: keys.heardStation })`. The attributes are the item's own that an update,
 * a condition, a filter or a projection names (not its keys, unless an update moves an index key or a projection reads
 * one, which is then declared too).
 */
export const entity =
  <Attributes>() =>
  <KeyArgs extends unknown[], Indexes extends IndexKeys = Record<never, never>>(key: (...args: KeyArgs) => TableKey, indexes = {} as Indexes): Entity<Attributes, KeyArgs, Indexes> => ({
    key,
    indexes,
    update: (args, spec) => buildUpdate(key(...args), spec),
    condition: (condition) => buildCondition(condition),
    query: (index, partition, spec) => buildQuery(index, partition, spec),
    project: (paths) => buildProjection(paths),
  });
