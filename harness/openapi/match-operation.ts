// Finds the documented operation a request was made to: its path against the document's templates
// ("/customers/{id}"), under whichever base path the templates are relative to (the run's base URL,
// or a server's path). A literal segment wins over a template one ("/customers/search" before
// "/customers/{id}"), as OpenAPI asks. Pure.
import type { ApiOperation } from './api-model.js';

interface CompiledPath {
  readonly template: string;
  readonly pattern: RegExp;
  /** Characters of literal text: the more, the more specific. */
  readonly literalLength: number;
  readonly operations: ReadonlyMap<string, ApiOperation>;
}

export type OperationMatch =
  | { readonly kind: 'operation'; readonly operation: ApiOperation }
  /** The path is documented, not with this method. */
  | { readonly kind: 'method-not-documented'; readonly template: string }
  | { readonly kind: 'path-not-documented' };

export class OperationMatcher {
  private readonly paths: readonly CompiledPath[];
  private readonly prefixes: readonly string[];

  /** `basePaths`: path prefixes the templates may sit under ("/api/v1"); the bare path is always tried. */
  constructor(operations: readonly ApiOperation[], basePaths: readonly string[]) {
    const byTemplate = new Map<string, Map<string, ApiOperation>>();
    for (const operation of operations) {
      const methods = byTemplate.get(operation.path) ?? new Map<string, ApiOperation>();
      methods.set(operation.method.toUpperCase(), operation);
      byTemplate.set(operation.path, methods);
    }
    this.paths = [...byTemplate]
      .map(([template, methods]) => ({
        template,
        pattern: toPattern(template),
        literalLength: template.replace(/\{[^}]*\}/g, '').length,
        operations: methods,
      }))
      .sort((a, b) => b.literalLength - a.literalLength);
    this.prefixes = [...new Set(basePaths.map(trimSlashes).filter((prefix) => prefix !== ''))].sort(
      (a, b) => b.length - a.length,
    );
  }

  match(method: string, pathname: string): OperationMatch {
    let documentedPath: string | undefined;
    for (const candidate of this.candidates(pathname)) {
      for (const path of this.paths) {
        if (!path.pattern.test(candidate)) continue;
        const operation = path.operations.get(method.toUpperCase());
        if (operation !== undefined) return { kind: 'operation', operation };
        documentedPath ??= path.template;
      }
    }
    return documentedPath === undefined
      ? { kind: 'path-not-documented' }
      : { kind: 'method-not-documented', template: documentedPath };
  }

  private *candidates(pathname: string): Generator<string> {
    const path = `/${trimSlashes(pathname)}`;
    for (const prefix of this.prefixes) {
      if (path === `/${prefix}`) yield '/';
      else if (path.startsWith(`/${prefix}/`)) yield path.slice(prefix.length + 1);
    }
    yield path;
  }
}

function toPattern(template: string): RegExp {
  const segments = `/${trimSlashes(template)}`.split(/(\{[^}]*\})/);
  const source = segments
    .map((part) => (/^\{[^}]*\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}
