// The page's Content-Security-Policy. Nothing may load or run except the page's own script and
// stylesheet, each allowed by its SHA-256: even if some target text escaped into markup, a browser
// would refuse to run it, and no 'unsafe-inline' is ever needed.
import { createHash } from 'node:crypto';

/** The CSP source expression ('sha256-…') allowing exactly this inline script or style text. */
export function toHashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** default-src 'none' (no images, fonts, frames or connections); the script and style by hash; no base, no forms. */
export function buildContentSecurityPolicy(script: string, style: string): string {
  return [
    "default-src 'none'",
    `script-src ${toHashSource(script)}`,
    `style-src ${toHashSource(style)}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
