/**
 * The one builder of DynamoDB expressions: update expressions (SET / REMOVE / ADD) from a changes
 * object, and conditions from small composable parts. Every attribute name goes through a `#n`
 * placeholder and every value through a `:v` one, so reserved words (`name`, `status`, `count`,
 * `ttl`, ...) and nested paths (`a.b`, one placeholder per segment) need no care at the call site,
 * and no caller ever concatenates a value into an expression.
 */

type Values = Record<string, unknown>;

/** Placeholders of one request: an expression's parts share them (update and condition). */
export class Placeholders {
  readonly names: Record<string, string> = {};
  readonly values: Values = {};
  private readonly byName = new Map<string, string>();
  private nextValue = 0;

  /** `#n0.#n1` for the path `a.b`; the same segment always gets the same placeholder. */
  path(path: string): string {
    return path
      .split('.')
      .map((segment) => this.name(segment))
      .join('.');
  }

  /** The placeholder of one attribute name taken whole (dots and all: a counter named by a user's label). */
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
    const placeholder = `:v${this.nextValue++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** The request members, leaving out empty maps (DynamoDB rejects them). */
  attributes(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Values } {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/**
 * What an update does, by attribute path. `set` entries whose value is `undefined` are skipped (a
 * field the caller did not send); `null` is stored as null (records answer null, not a missing
 * member). `remove` lists paths to delete; `add` adds numbers (counters, created at 0 when absent);
 * `setIfAbsent` sets only where the attribute does not exist yet (a first mark kept on a retry).
 */
export interface UpdateChanges {
  set?: Readonly<Record<string, unknown>>;
  setIfAbsent?: Readonly<Record<string, unknown>>;
  remove?: readonly string[];
  add?: Readonly<Record<string, number>>;
}

/** The update expression of `changes`, its placeholders added to `p`; throws when there is nothing to do. */
export function updateExpression(changes: UpdateChanges, p: Placeholders): string {
  const sets = [
    ...Object.entries(changes.set ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([path, value]) => `${p.path(path)} = ${p.value(value)}`),
    ...Object.entries(changes.setIfAbsent ?? {}).map(([path, value]) => {
      const name = p.path(path);
      return `${name} = if_not_exists(${name}, ${p.value(value)})`;
    }),
  ];
  const removes = (changes.remove ?? []).map((path) => p.path(path));
  const adds = Object.entries(changes.add ?? {}).map(([path, by]) => `${p.path(path)} ${p.value(by)}`);
  const clauses = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
  ].filter(Boolean);
  if (!clauses.length) throw new Error('An update must change something.');
  return clauses.join(' ');
}

/** A condition, rendered against the request's placeholders. */
export type Condition = (p: Placeholders) => string;

/** The item exists (its partition key is there). */
export const exists: Condition = (p) => `attribute_exists(${p.path('pk')})`;
/** No item has this key yet. */
export const absent: Condition = (p) => `attribute_not_exists(${p.path('pk')})`;

export const has =
  (path: string): Condition =>
  (p) =>
    `attribute_exists(${p.path(path)})`;
export const lacks =
  (path: string): Condition =>
  (p) =>
    `attribute_not_exists(${p.path(path)})`;

type Comparator = '=' | '<>' | '<' | '<=' | '>' | '>=';
export const compare =
  (path: string, op: Comparator, value: unknown): Condition =>
  (p) =>
    `${p.path(path)} ${op} ${p.value(value)}`;
export const equals = (path: string, value: unknown): Condition => compare(path, '=', value);

// One condition is itself: DynamoDB refuses the doubled parentheses a nested all()/any() of one would make.
export const all = (...conditions: Condition[]): Condition =>
  conditions.length === 1 ? conditions[0]! : (p) => conditions.map((c) => `(${c(p)})`).join(' AND ');
export const any = (...conditions: Condition[]): Condition =>
  conditions.length === 1 ? conditions[0]! : (p) => conditions.map((c) => `(${c(p)})`).join(' OR ');

/** The attribute is absent or holds null. */
export const nullOrAbsent =
  (path: string): Condition =>
  (p) =>
    `attribute_not_exists(${p.path(path)}) OR attribute_type(${p.path(path)}, ${p.value('NULL')})`;

/** The attribute still holds what was read: that value, or nothing (absent or null) when it read as nothing. */
export const asRead = (path: string, value: unknown): Condition =>
  value === undefined || value === null ? nullOrAbsent(path) : equals(path, value);
