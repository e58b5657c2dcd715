// Judges one answer against the operation the document says it came from: is its status documented
// (exactly, as a range such as "4XX", or by "default"), is its media type one the documented answer
// lists, and does its JSON body validate against the schema given for that media type. Where the
// document says nothing (no content, no schema), nothing is judged and the reason is kept. Pure.
import type { ApiOperation, ApiResponse } from './api-model.js';
import { compileSchema } from './schema-validator.js';

/** An aspect judged (with its breach, if any), or seen and not judged, with why. */
export type AspectOutcome =
  { readonly judged: true; readonly breach?: string } | { readonly judged: false; readonly why: string };

export interface AnswerJudgement {
  /** "GET /customers/{id} 404". */
  readonly item: string;
  readonly status: AspectOutcome;
  readonly contentType: AspectOutcome;
  readonly body: AspectOutcome;
}

export interface JudgedAnswer {
  readonly status: number;
  /** The Content-Type header as sent, if any. */
  readonly contentType: string | undefined;
  readonly json: unknown;
  /** Why the body did not parse, when it did not. */
  readonly jsonError?: string;
  readonly bodyBytes: number;
}

/** Bodies past this size are not validated: the contract must not make the run slow or large. */
export const maxValidatedBodyBytes = 4 * 1024 * 1024;

export function judgeAnswer(operation: ApiOperation, answer: JudgedAnswer, version: string): AnswerJudgement {
  const item = `${operation.method.toUpperCase()} ${operation.path} ${answer.status}`;
  const documented = documentedResponse(operation.responses, answer.status);
  if (documented === undefined) {
    const listed = operation.responses.map((response) => response.status);
    const notJudged: AspectOutcome = { judged: false, why: 'its status is not documented' };
    return {
      item,
      status: {
        judged: true,
        breach: `answered ${answer.status}; the document lists ${listed.length === 0 ? 'no answers' : listed.join(', ')} for ${operation.method.toUpperCase()} ${operation.path} (${operation.pointer}/responses)`,
      },
      contentType: notJudged,
      body: notJudged,
    };
  }
  const status: AspectOutcome = { judged: true };
  if (documented.content.length === 0) {
    const why = `the document gives no content for ${documented.status}`;
    return { item, status, contentType: { judged: false, why }, body: { judged: false, why } };
  }
  const listed = documented.content.map((media) => media.mediaType).join(', ');
  if (answer.bodyBytes === 0) {
    const noBody: AspectOutcome = { judged: false, why: 'the answer had no body' };
    // A body is promised where a schema describes it; a media type alone promises nothing more.
    const promised = documented.content.some(
      (media) => media.schema !== undefined && Object.keys(media.schema).length > 0,
    );
    return {
      item,
      status,
      contentType: noBody,
      body: promised
        ? {
            judged: true,
            breach: `no body, where the document gives a schema for ${listed} in ${documented.status} (${documented.pointer})`,
          }
        : noBody,
    };
  }
  const mediaType = mediaTypeOf(answer.contentType);
  const media =
    mediaType === undefined
      ? undefined
      : documented.content.find((candidate) => mediaTypeMatches(candidate.mediaType, mediaType));
  if (mediaType === undefined || media === undefined) {
    // Not cut here: the contract redacts secrets the target may echo in it, then cuts the message.
    const sent = answer.contentType === undefined ? 'no Content-Type' : `Content-Type ${answer.contentType}`;
    return {
      item,
      status,
      contentType: {
        judged: true,
        breach: `${sent}; the document lists ${listed} for ${documented.status} (${documented.pointer})`,
      },
      body: { judged: false, why: 'its media type is not documented' },
    };
  }
  return {
    item,
    status,
    contentType: { judged: true },
    body: judgeBody(media, mediaType, answer, version, documented.status, documented.pointer),
  };
}

function judgeBody(
  media: ApiResponse['content'][number],
  sentType: string,
  answer: JudgedAnswer,
  version: string,
  status: string,
  pointer: string,
): AspectOutcome {
  // A wildcard ("*/*") takes whatever was sent: the body is JSON to judge when it was sent as JSON.
  if (!isJsonMediaType(media.mediaType.includes('*') ? sentType : media.mediaType))
    return { judged: false, why: `${sentType} is not JSON` };
  if (media.schema === undefined || Object.keys(media.schema).length === 0)
    return { judged: false, why: `the document gives no schema for ${media.mediaType} in ${status}` };
  if (answer.bodyBytes > maxValidatedBodyBytes)
    return {
      judged: false,
      why: `the body (${answer.bodyBytes} bytes) is larger than the ${maxValidatedBodyBytes} bytes the contract validates`,
    };
  if (answer.json === undefined) {
    return {
      judged: true,
      breach: `the body is not JSON${answer.jsonError === undefined ? '' : ` (${answer.jsonError})`}, where the document gives a schema for ${media.mediaType} (${pointer})`,
    };
  }
  const schema = compileSchema(media.schema, { version, formats: true, direction: 'answer' });
  if (!schema.ok) return { judged: false, why: schema.why };
  const problem = schema.problemOf(answer.json);
  return problem === undefined
    ? { judged: true }
    : { judged: true, breach: `the body does not match the schema for ${status}: ${problem} (${pointer})` };
}

/** The documented answer for `status`: its own code, then its range ("4XX"), then "default". */
export function documentedResponse(responses: readonly ApiResponse[], status: number): ApiResponse | undefined {
  const code = String(status);
  return (
    responses.find((response) => response.status === code) ??
    responses.find((response) => response.status.toUpperCase() === `${code[0]}XX`) ??
    responses.find((response) => response.status === 'default')
  );
}

function mediaTypeOf(header: string | undefined): string | undefined {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type === undefined || type === '' ? undefined : type;
}

/** "application/json" matches itself, "application/*" and "*\/*"; parameters are ignored. */
export function mediaTypeMatches(documented: string, sent: string): boolean {
  const wanted = mediaTypeOf(documented);
  if (wanted === undefined) return false;
  if (wanted === sent || wanted === '*/*') return true;
  return wanted.endsWith('/*') && sent.startsWith(wanted.slice(0, -1));
}

function isJsonMediaType(mediaType: string): boolean {
  const type = mediaTypeOf(mediaType) ?? '';
  return type === 'application/json' || /^application\/[\w.-]+\+json$/.test(type);
}
