// The config the kit certifies the second server with: apicert.config.example.json, changed only
// where the second server's choices need a value, plus any pins. pinsMatching() pins every choice
// the convention leaves open to exactly what a mode of the server does.
import { readFile } from 'node:fs/promises';
import type { ConfigFile } from '../../../harness/config/config-types.js';
import { receiverPath } from './start-second-server.js';
import { defaultPageSize, maxPageSize, type SecondServerModes } from './second-server-options.js';

type Webhooks = NonNullable<ConfigFile['webhooks']>;

/** Config keys that pin a choice the convention leaves open, by section. */
export interface ConfigPins {
  readonly resources?: NonNullable<ConfigFile['resources']>;
  readonly pagination?: NonNullable<ConfigFile['pagination']>;
  readonly sender?: Pick<NonNullable<Webhooks['sender']>, 'digestEncoding' | 'profile'>;
  readonly receiver?: Pick<NonNullable<Webhooks['receiver']>, 'oversizedBody' | 'incompleteEvent' | 'digestEncoding'>;
}

interface ExampleConfig {
  readonly pagination: Readonly<Record<string, unknown>>;
  readonly webhooks: {
    readonly sender: Readonly<Record<string, unknown>>;
    readonly receiver: Readonly<Record<string, unknown>>;
  };
  readonly [key: string]: unknown;
}

const exampleConfig = JSON.parse(
  await readFile(new URL('../../../apicert.config.example.json', import.meta.url), 'utf8'),
) as ExampleConfig;

/** The example config with the second server's receiver, and `pins` laid over it section by section. */
export function secondServerConfig(pins: ConfigPins = {}): Record<string, unknown> {
  return {
    ...exampleConfig,
    resources: { ...pins.resources },
    pagination: { ...exampleConfig.pagination, ...pins.pagination },
    webhooks: {
      // Unchanged: POST /webhooks {url, secret} registers here too, and digestEncoding keeps its
      // default "either" unless pinned, which takes the base64 mode as well as hex.
      sender: { ...exampleConfig.webhooks.sender, ...pins.sender },
      receiver: {
        ...exampleConfig.webhooks.receiver,
        // Adjusted: the second server's receiver lives at its own path.
        url: receiverPath,
        // Adjusted: its observe answer is {id, stats: {received, processed}}.
        observe: { urlTemplate: `${receiverPath}/{eventId}`, pointer: '/stats/processed' },
        ...pins.receiver,
      },
    },
  };
}

/** Every pin set to what the second server does in `modes`; "either" only where the server accepts. */
export function pinsMatching(modes: SecondServerModes): Required<ConfigPins> {
  return {
    resources: {
      // 200 (not 201) on create, 200 with the removed record on delete, 401 for a bad token.
      createStatus: '200',
      deleteStatus: '200',
      refusedStatus: '401',
      // The customers replace body leaves "tier" out; the PUT succeeds and the field is gone.
      putOmittedField: 'reset',
      // id in a body is server-owned and ignored.
      idChange: 'ignore',
      unknownParentList: '404',
      // RFC 9457 problem details.
      errorBodyPointer: '/detail',
    },
    pagination: {
      defaultPageSize,
      maxPageSize,
      overMaxPolicy: modes.overMax,
      lastPageCursor: modes.lastPageCursor,
      // Every invalid value gets a 422 problem.
      invalidParams: 'reject',
    },
    sender: { digestEncoding: modes.digest },
    receiver: {
      // The receiver verifies hex and base64 alike; the kit signs as the server's own sender does.
      digestEncoding: modes.digest,
      // A 413 and a connection cut are both refusals; an accepting receiver can only be "either".
      oversizedBody: modes.oversized === 'accept' ? 'either' : 'refuse',
      incompleteEvent: modes.incompleteEvent === 'refuse' ? 'refuse' : 'either',
    },
  };
}
