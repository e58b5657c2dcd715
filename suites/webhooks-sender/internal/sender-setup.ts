// What every sender check does first and last: open a private sink channel with the check's answer
// script, register it with the target as a subscriber (webhooks.sender.register), and afterwards
// close the channel. The subscription is tracked, so the runner removes it after the check's records.
import type {
  AnswerScript,
  ApicertConfig,
  CheckContext,
  CheckOutcome,
  CollectionConfig,
  SinkChannel,
  TargetResponse,
  WebhookSink,
} from '../../../harness/check-api/check-context.js';
import { asRecord, isSuccess } from '../../internal/answer-shape.js';
import { fillRegisterBody } from '../../internal/fixtures/register-body.js';

export type SenderConfig = NonNullable<ApicertConfig['webhooks']['sender']>;

/** A registered subscription whose deliveries land in `channel`. */
export interface Subscription {
  readonly sender: SenderConfig;
  /** The collection whose create, update and delete trigger events. */
  readonly collection: CollectionConfig;
  readonly sink: WebhookSink;
  readonly channel: SinkChannel;
  /** The target's answer to the registration. */
  readonly registration: TargetResponse;
}

/** Registers a fresh channel, runs `body` with it, and closes the channel whatever happens. */
export async function withSubscription(
  ctx: CheckContext,
  script: AnswerScript,
  body: (subscription: Subscription) => Promise<CheckOutcome>,
): Promise<CheckOutcome> {
  const sender = ctx.config.webhooks.sender;
  if (sender === undefined) return ctx.skip('no webhook sender is configured (add "webhooks.sender" to the config)');
  if (ctx.sink === undefined)
    return ctx.skip('the webhook sink is not running (it starts when the webhooks-sender suite runs)');
  const collection = ctx.config.collections.find((candidate) => candidate.name === sender.collection);
  if (collection === undefined) {
    return ctx.skip(
      `webhooks.sender.collection names "${sender.collection ?? ''}", which is not among the configured collections`,
    );
  }
  const channel = ctx.sink.openChannel(script);
  try {
    const registration = await ctx.request({
      method: sender.register.method,
      path: sender.register.path,
      json: fillRegisterBody(sender.register.body, { sinkUrl: channel.url, secret: ctx.sink.secret }),
      creates: true,
      note: "register the kit's sink as a webhook subscriber",
    });
    if (!isSuccess(registration.status)) {
      return ctx.fail(
        `registering the sink with ${sender.register.method} ${sender.register.path} answered ${registration.status}; no delivery can be checked (see webhooks.sender.register)`,
        {
          expected: '2xx: the subscription is created',
          actual: `${registration.status} ${registration.text.slice(0, 120)}`,
          exchanges: [registration.record],
        },
      );
    }
    const subscriptionId = asRecord(registration.json)?.[sender.register.idField];
    if (typeof subscriptionId === 'string' || typeof subscriptionId === 'number') {
      ctx.fixtures.track(`${sender.register.path.replace(/\/+$/, '')}/${encodeURIComponent(String(subscriptionId))}`);
    } else {
      ctx.warn(
        `the registration answer has no "${sender.register.idField}" (webhooks.sender.register.idField), so the kit cannot remove the subscription; remove it by hand`,
      );
    }
    return await body({ sender, collection, sink: ctx.sink, channel, registration });
  } finally {
    channel.close();
  }
}
