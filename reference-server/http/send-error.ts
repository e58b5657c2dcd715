// The one place error bodies are written, so every 4xx has the same shape.
import type { Response } from 'express';

/** Writes `{"error":{"code","message"}}`, or plain text under the error-body-not-json defect. */
export function sendError(res: Response, status: number, code: string, message: string, asPlainText = false): void {
  if (asPlainText) {
    res.status(status).type('text/plain').send(`${status} ${code}: ${message}`);
    return;
  }
  res.status(status).json({ error: { code, message } });
}
