import { closestMatch } from '../diagnostics.js';

// A small structural validator: unknown keys and wrong types are reported with their key path.

export type Schema =
  | { type: 'string'; pattern?: RegExp; patternHint?: string }
  | { type: 'number'; min?: number; max?: number; integer?: boolean }
  | { type: 'boolean' }
  | { type: 'enum'; values: readonly (string | number)[] }
  | { type: 'array'; items: Schema }
  | { type: 'object'; props: Record<string, Schema>; required?: readonly string[] }
  | { type: 'record'; values: Schema; keys?: { pattern: RegExp; message: string; hint: string } }
  | { type: 'union'; of: readonly Schema[]; label: string }
  | { type: 'nullable'; of: Schema };

export type KeyPath = (string | number)[];

export interface SchemaIssue {
  path: KeyPath;
  message: string;
  hint?: string;
  /** The key is required and not there: it has no line of its own. */
  missing?: true;
}

export function validate(value: unknown, schema: Schema, path: KeyPath = []): SchemaIssue[] {
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return [mismatch(path, 'a string', value)];
      if (schema.pattern && !schema.pattern.test(value))
        return [{ path, message: `${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)} is not valid`, hint: schema.patternHint }];
      return [];
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return [mismatch(path, 'a number', value)];
      if (schema.integer && !Number.isInteger(value)) return [{ path, message: `must be a whole number, got ${value}` }];
      if (schema.min !== undefined && value < schema.min) return [{ path, message: `must be at least ${schema.min}` }];
      if (schema.max !== undefined && value > schema.max) return [{ path, message: `must be at most ${schema.max}` }];
      return [];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [mismatch(path, 'true or false', value)];
    case 'enum':
      return schema.values.includes(value as string)
        ? []
        : [mismatch(path, `one of ${schema.values.map((v) => JSON.stringify(v)).join(', ')}`, value)];
    case 'array':
      if (!Array.isArray(value)) return [mismatch(path, 'a list', value)];
      return value.flatMap((item, i) => validate(item, schema.items, [...path, i]));
    case 'object':
      return validateObject(value, schema, path);
    case 'record':
      if (!isPlainObject(value)) return [mismatch(path, 'a mapping', value)];
      return Object.entries(value).flatMap(([key, item]) =>
        schema.keys && !schema.keys.pattern.test(key) ? [{ path: [...path, key], message: `${JSON.stringify(key)} ${schema.keys.message}`, hint: schema.keys.hint }] : validate(item, schema.values, [...path, key]),
      );
    case 'union': {
      if (schema.of.some((s) => validate(value, s, path).length === 0)) return [];
      // A mapping or a list where one alternative only is one (the others strings): that one's own problems, at
      // their keys (`tags[3].permalink: "/a b" is not valid`), not "expected …, got a mapping". A single value is
      // told the union's name ("a whole number or "ALL"").
      const kin = typeof value === 'object' && value !== null ? schema.of.filter((s) => ofKind(value, s)) : [];
      return kin.length === 1 ? validate(value, kin[0]!, path) : [mismatch(path, schema.label, value)];
    }
    case 'nullable':
      return value === null ? [] : validate(value, schema.of, path);
  }
}

/** Whether a mapping or list `value` is of the kind `schema` takes, whatever its content. */
function ofKind(value: object, schema: Schema): boolean {
  switch (schema.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'enum':
      return false;
    case 'array':
      return Array.isArray(value);
    case 'object':
    case 'record':
      return isPlainObject(value);
    case 'union':
      return schema.of.some((s) => ofKind(value, s));
    case 'nullable':
      return ofKind(value, schema.of);
  }
}

function validateObject(value: unknown, schema: Extract<Schema, { type: 'object' }>, path: KeyPath): SchemaIssue[] {
  if (!isPlainObject(value)) return [mismatch(path, 'a mapping', value)];
  const issues: SchemaIssue[] = [];
  const known = Object.keys(schema.props);
  for (const [key, item] of Object.entries(value)) {
    // Own keys only: `constructor` or `toString` must be unknown keys, not Object.prototype's methods.
    const propSchema = Object.hasOwn(schema.props, key) ? schema.props[key] : undefined;
    if (!propSchema) {
      const guess = closestMatch(key, known);
      issues.push({ path: [...path, key], message: 'unknown key', hint: guess ? `did you mean "${guess}"?` : `known keys: ${known.join(', ')}` });
      continue;
    }
    if (item === undefined) continue;
    issues.push(...validate(item, propSchema, [...path, key]));
  }
  for (const key of schema.required ?? []) {
    if ((value as Record<string, unknown>)[key] === undefined) issues.push({ path: [...path, key], message: `"${key}" is required`, missing: true });
  }
  return issues;
}

/** An object written as `{ … }` (or made with no prototype): an instance of a class (a Map, a URL, a Promise) is none. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function mismatch(path: KeyPath, expected: string, value: unknown): SchemaIssue {
  return { path, message: `expected ${expected}, got ${describe(value)}` };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return 'a date';
  if (ArrayBuffer.isView(value)) return 'binary data';
  if (typeof value === 'object') return isPlainObject(value) ? 'a mapping' : instanceName(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  // Its source would be the message: a config written as a function is the whole config on one line.
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  return `${typeof value} ${String(value)}`;
}

/** `a Map`, `a URL`, `an Options`: the class of an object that is not a mapping. */
function instanceName(value: object): string {
  const name: unknown = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name ? `${/^[AEIOU][a-z]/.test(name) ? 'an' : 'a'} ${name}` : 'an object that is not a mapping';
}

/** `navbar[2].label` style. */
export function formatKeyPath(path: KeyPath): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key), '');
}
