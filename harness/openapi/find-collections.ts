// Finds the convention's collections in an API description: a path whose GET lists and whose POST
// creates (/customers), paired with a member path one parameter deeper (/customers/{id}); and the
// related lists nested under a member (/customers/{id}/orders), with how a child is created and
// where it lives. Pure.
import { successSchema, type ApiModel, type ApiOperation, type HttpMethod, type JsonSchema } from './api-model.js';
import { propertiesOf } from './schema-properties.js';

export interface FoundCollection {
  readonly name: string;
  readonly path: string;
  readonly idField: string;
  /** Why idField is what it is, or that it is a guess. */
  readonly idFieldFrom: string;
  readonly list: ApiOperation;
  readonly create: ApiOperation;
  readonly member: Partial<Record<HttpMethod, ApiOperation>>;
  readonly related: readonly FoundRelated[];
}

export interface FoundRelated {
  readonly name: string;
  /** With the parent's parameter written "{id}", as the config wants it. */
  readonly path: string;
  readonly list: ApiOperation;
  /** "nested", or the path of the top-level collection whose POST takes the parent in `parentField`. */
  readonly createPath: string;
  readonly create?: ApiOperation;
  readonly parentField?: string;
  /** "/orders/{childId}" or "/customers/{id}/orders/{childId}". */
  readonly memberPath?: string;
}

const isParameter = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);
const segmentsOf = (path: string): string[] => path.split('/').filter((s) => s !== '');

/** "customers" → "customer", "categories" → "category"; good enough to guess a field name. */
export function singularOf(plural: string): string {
  if (plural.endsWith('ies')) return `${plural.slice(0, -3)}y`;
  if (/(ses|xes|ches|shes)$/.test(plural)) return plural.slice(0, -2);
  return plural.endsWith('s') ? plural.slice(0, -1) : plural;
}

export function findCollections(model: ApiModel): FoundCollection[] {
  const byPath = new Map<string, Partial<Record<HttpMethod, ApiOperation>>>();
  for (const operation of model.operations)
    byPath.set(operation.path, { ...byPath.get(operation.path), [operation.method]: operation });
  // Each path by the path one segment up: looking a member or a nested list up stays linear in the
  // document, however many paths it has.
  const childrenOf = new Map<string, string[]>();
  for (const path of byPath.keys()) {
    const parent = path.slice(0, path.lastIndexOf('/'));
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), path]);
  }
  const memberOf = (path: string): [string, Partial<Record<HttpMethod, ApiOperation>>] | undefined => {
    const member = (childrenOf.get(path) ?? []).find(
      (candidate) => isParameter(segmentsOf(candidate).at(-1)!) && byPath.get(candidate)?.get !== undefined,
    );
    return member === undefined ? undefined : [member, byPath.get(member)!];
  };

  const collections: {
    path: string;
    name: string;
    list: ApiOperation;
    create: ApiOperation;
    memberPath: string;
    member: Partial<Record<HttpMethod, ApiOperation>>;
  }[] = [];
  for (const [path, ops] of byPath) {
    const segments = segmentsOf(path);
    if (segments.length === 0 || segments.some(isParameter) || ops.get === undefined || ops.post === undefined)
      continue;
    const member = memberOf(path);
    if (member === undefined) continue;
    // Versioned paths (/v1/users, /v2/users) share a last segment; the config needs unique names.
    const last = segments.at(-1)!;
    const name = collections.some((other) => other.name === last) ? segments.join('-') : last;
    collections.push({ path, name, list: ops.get, create: ops.post, memberPath: member[0], member: member[1] });
  }

  const byName = new Map(collections.map((collection) => [collection.name, collection]));
  return collections.map((collection) => {
    const related: FoundRelated[] = [];
    for (const path of childrenOf.get(collection.memberPath) ?? []) {
      const ops = byPath.get(path)!;
      const segments = segmentsOf(path);
      if (isParameter(segments.at(-1)!) || ops.get === undefined) continue;
      const name = segments.at(-1)!;
      const configPath = `${collection.path}/{id}/${name}`;
      const top = byName.get(name);
      const nestedMember = memberOf(path);
      const memberPath =
        nestedMember !== undefined
          ? `${configPath}/{childId}`
          : top !== undefined
            ? `${top.path}/{childId}`
            : undefined;
      const base = { name, path: configPath, list: ops.get!, ...(memberPath !== undefined ? { memberPath } : {}) };
      if (ops.post !== undefined) {
        related.push({ ...base, createPath: 'nested', create: ops.post });
        continue;
      }
      const parentField =
        top === undefined ? undefined : parentFieldOf(top.create.body?.schema, singularOf(collection.name));
      if (top !== undefined && parentField !== undefined)
        related.push({ ...base, createPath: top.path, create: top.create, parentField });
      else related.push({ ...base, createPath: 'nested' });
    }
    const { idField, idFieldFrom } = idFieldOf(collection.member.get!, collection.memberPath);
    return {
      name: collection.name,
      path: collection.path,
      idField,
      idFieldFrom,
      list: collection.list,
      create: collection.create,
      member: collection.member,
      related,
    };
  });
}

/** The field of a child's create body that names its parent: customerId, customer_id or customer. */
function parentFieldOf(schema: JsonSchema | undefined, parentSingular: string): string | undefined {
  // Through allOf/oneOf/anyOf too: a child schema is often a base schema plus the parent's id.
  const { always } = propertiesOf(schema);
  return [`${parentSingular}Id`, `${parentSingular}_id`, `${parentSingular}ID`, parentSingular].find((name) =>
    always.has(name),
  );
}

function idFieldOf(read: ApiOperation, memberPath: string): { idField: string; idFieldFrom: string } {
  const parameter = segmentsOf(memberPath).at(-1)!.slice(1, -1);
  const { always, sometimes } = propertiesOf(successSchema(read));
  if (always.has(parameter))
    return { idField: parameter, idFieldFrom: `the member path's parameter {${parameter}}, a field of the record` };
  if (always.has('id')) return { idField: 'id', idFieldFrom: 'the record\'s "id" field' };
  // A field only some oneOf/anyOf branches give is still the best name the document offers.
  const partly = [parameter, 'id'].find((name) => sometimes.has(name));
  if (partly !== undefined)
    return {
      idField: partly,
      idFieldFrom: `a guess: "${partly}" is a field of only some of the oneOf/anyOf branches of ${read.pointer}'s record`,
    };
  return {
    idField: 'id',
    idFieldFrom: `a guess: the record schema of ${read.pointer} names no ${parameter === 'id' ? '"id"' : `"id" or "${parameter}"`} field`,
  };
}
