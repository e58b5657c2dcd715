// Checks a request body against a resource's fields. Pure; the routes turn a refusal into a 400.
import type { FieldSpec, FieldSpecs } from './resource-definitions.js';

/** whole: a full record (POST, PUT), required fields must be present; partial: only given fields (PATCH). */
export type ValidationMode = 'whole' | 'partial';

/** Relaxations that reproduce defects; the clean server passes none. */
export interface ValidationLeniency {
  readonly dropsUnknownFields?: boolean;
  readonly skipsTypeChecks?: boolean;
}

export type FieldsResult =
  | { readonly ok: true; readonly fields: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly code: 'unknown_field' | 'validation_failed'; readonly message: string };

/**
 * Validates `body` (already stripped of server-managed fields). In whole mode the result is the
 * complete field set, with defaults filled in and optional fields without a default left out.
 */
export function validateFields(
  body: Readonly<Record<string, unknown>>,
  specs: FieldSpecs,
  mode: ValidationMode,
  leniency: ValidationLeniency = {},
): FieldsResult {
  const fields: Record<string, unknown> = {};
  for (const name of Object.keys(body)) {
    if (!Object.hasOwn(specs, name)) {
      if (leniency.dropsUnknownFields) continue;
      return {
        ok: false,
        code: 'unknown_field',
        message: `unknown field "${clip(name)}"; allowed: ${Object.keys(specs).join(', ')}`,
      };
    }
    const value = body[name];
    const problem = leniency.skipsTypeChecks ? undefined : describeProblem(value, specs[name]!);
    if (problem !== undefined) return { ok: false, code: 'validation_failed', message: `${name} ${problem}` };
    fields[name] = value;
  }
  if (mode === 'partial') return { ok: true, fields };
  for (const [name, spec] of Object.entries(specs)) {
    if (Object.hasOwn(fields, name)) continue;
    if (spec.required) return { ok: false, code: 'validation_failed', message: `${name} is required` };
    if (spec.kind === 'enum' && spec.default !== undefined) fields[name] = spec.default;
  }
  return { ok: true, fields: inDeclaredOrder(specs, fields) };
}

/** The optional fields' defaults: what a field that is left out of a whole record becomes. */
export function defaultFields(specs: FieldSpecs): Readonly<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.kind === 'enum' && spec.default !== undefined) fields[name] = spec.default;
  }
  return fields;
}

function describeProblem(value: unknown, spec: FieldSpec): string | undefined {
  switch (spec.kind) {
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      if (value.length < spec.minLength || value.length > spec.maxLength) {
        return `must be ${spec.minLength} to ${spec.maxLength} characters long`;
      }
      if (spec.mustContain !== undefined && !value.includes(spec.mustContain))
        return `must contain "${spec.mustContain}"`;
      return undefined;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (spec.isInteger && !Number.isSafeInteger(value)) return 'must be an integer';
      if (value < spec.minimum) return `must be >= ${spec.minimum}`;
      return undefined;
    case 'enum':
      if (typeof value !== 'string' || !spec.values.includes(value)) return `must be one of ${spec.values.join(', ')}`;
      return undefined;
  }
}

/** The resource's own fields of `fields`, in declaration order, whatever order the body used. */
export function inDeclaredOrder(specs: FieldSpecs, fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const name of Object.keys(specs)) if (Object.hasOwn(fields, name)) ordered[name] = fields[name];
  return ordered;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
