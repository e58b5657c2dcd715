// Importing the schema (rather than reading it from disk) makes tsc copy it into dist/, so it ships.
import schema from './report.schema.json' with { type: 'json' };

/** The JSON Schema (draft-07) that every report.json this version writes validates against. */
export const reportSchema: Readonly<Record<string, unknown>> = schema;
