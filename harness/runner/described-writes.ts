// The URLs a run may write to: those the config describes as a collection or a member, a related
// list or its members, the webhook registration and its subscriptions, and the receiver. An id the
// target chose can carry a path anywhere once joined into a URL; whatever a check builds, no write
// (POST, PUT, PATCH, DELETE, …) leaves the kit for a URL outside these (issue 36, item 1). Pure.
import type { ApicertConfig } from '../config/config-types.js';
import { resolveTargetUrl } from './target-url.js';

/** Why `method url` may not be sent, or undefined when it may. Reads (GET, HEAD, OPTIONS) always may. */
export type WriteGuard = (method: string, url: string) => string | undefined;

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);
// Stands for one path segment in a template while it is resolved like any path.
const segment = 'apicert-one-segment';

export function describedWrites(config: ApicertConfig, baseUrl: string): WriteGuard {
  const templates: string[] = [];
  const withMembers = (path: string): void => void templates.push(path, `${path}/{segment}`);
  for (const collection of config.collections) {
    withMembers(collection.path);
    for (const related of collection.related) {
      withMembers(related.path);
      if (related.memberPath !== undefined) templates.push(related.memberPath);
      if (related.createPath !== undefined && related.createPath !== 'nested') withMembers(related.createPath);
    }
  }
  const register = config.webhooks.sender?.register;
  if (register !== undefined) withMembers(register.path);
  const receiver = config.webhooks.receiver?.url;
  if (receiver !== undefined) templates.push(receiver);
  const patterns = templates.map((template) => toPattern(baseUrl, template));
  return (method, url) => {
    if (reads.has(method.toUpperCase())) return undefined;
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return `${method} was not sent: its URL does not parse`;
    }
    const place = `${target.origin}${target.pathname}`;
    if (patterns.some((pattern) => pattern.test(place))) return undefined;
    return `${method} ${target.pathname} was not sent: the config describes no collection, member or webhook path there, and apicert writes nowhere else`;
  };
}

// {id}, {childId}, {parentId} and the member segment each stand for exactly one segment.
function toPattern(baseUrl: string, template: string): RegExp {
  const marked = template.replace(/\{(?:id|childId|parentId|segment)\}/g, segment);
  const resolved = new URL(resolveTargetUrl(baseUrl, marked));
  const text = `${resolved.origin}${resolved.pathname}`.replace(/\/+$/, '');
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(segment, '[^/]+');
  return new RegExp(`^${escaped}/?$`);
}
