// The defaults that depend on other keys, so the schema's `default` cannot hold them; every other
// default is in schema.ts and ajv fills it in while validating. A key added here is also made
// required in the types (config-types.ts), as these always fill it.
import type { ApicertConfig, ConfigWithSchemaDefaults } from './config-types.js';

/** Returns the config with the computed defaults filled in; the input is left as it was. */
export function applyComputedDefaults(config: ConfigWithSchemaDefaults): ApicertConfig {
  const collections = config.collections.map((collection) => ({
    ...collection,
    // A child is read and deleted under its nested path unless the file says otherwise.
    related: collection.related.map((related) => ({
      ...related,
      memberPath: related.memberPath ?? `${related.path}/{childId}`,
    })),
  }));
  const { sender } = config.webhooks;
  // "Default: the first collection", resolved here so consumers need not repeat the rule.
  const senderCollection = sender?.collection ?? collections[0]?.name;
  return {
    ...config,
    collections,
    webhooks: {
      ...config.webhooks,
      ...(sender === undefined
        ? {}
        : { sender: { ...sender, ...(senderCollection === undefined ? {} : { collection: senderCollection }) } }),
    },
  };
}
