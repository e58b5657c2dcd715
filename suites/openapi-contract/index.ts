// The openapi-contract suite: the API description (run --openapi) as a contract for the answers the
// other suites' checks received. It sends no request of its own, so it runs after every other suite.
import type { Check } from '../define-check.js';
import { bodyMatchesSchema } from './body-matches-schema.js';
import { contentTypeDocumented } from './content-type-documented.js';
import { statusDocumented } from './status-documented.js';

export const openApiContractChecks: readonly Check[] = [statusDocumented, contentTypeDocumented, bodyMatchesSchema];
