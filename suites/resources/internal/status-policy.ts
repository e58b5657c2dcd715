// Status codes the config may pin ("2xx" or one code). Pure.
import { isSuccess } from '../../internal/answer-shape.js';

/** Whether `status` satisfies a pinned success status: "2xx" means any 200-299. */
export function isSuccessStatus(status: number, pinned: string): boolean {
  return pinned === '2xx' ? isSuccess(status) : status === Number(pinned);
}

/** Whether `status` is a refusal for the credential as pinned: "either" means 401 or 403. */
export function isRefusedStatus(status: number, pinned: 'either' | '401' | '403'): boolean {
  return pinned === 'either' ? status === 401 || status === 403 : status === Number(pinned);
}

/** "2xx" → "2xx"; "201" → "201 (pinned by resources.createStatus)". */
export function describePinned(pinned: string, key: string): string {
  return pinned === '2xx' || pinned === 'either' ? pinned : `${pinned} (pinned by resources.${key})`;
}
