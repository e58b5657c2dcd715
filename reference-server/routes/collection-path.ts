// Where a collection lives.
import type { ResourceDefinition } from '../resources/resource-definitions.js';
import type { ServerContext } from './server-context.js';

/** "/customers"; "/customer" under the singular-collection-name defect. */
export function collectionPath(ctx: ServerContext, resource: ResourceDefinition): string {
  return `/${ctx.defects.has('singular-collection-name') ? resource.singular : resource.collection}`;
}
