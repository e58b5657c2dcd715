// Where deliveries go. Pure. webhooks.receiver.url may be absolute (a receiver on another host)
// or a path on the API's own base URL, the way observe.urlTemplate is.

/** The absolute URL of `urlOrPath`: an http(s) URL as is, else the path joined to the base URL (its path prefix kept). */
export function resolveReceiverUrl(baseUrl: string, urlOrPath: string): string {
  if (/^https?:\/\//i.test(urlOrPath)) return new URL(urlOrPath).toString();
  return new URL(`${baseUrl.replace(/\/+$/, '')}/${urlOrPath.replace(/^\/+/, '')}`).toString();
}

/** The observation URL or path for one event: "{eventId}" replaced, percent-encoded. */
export function fillObserveTemplate(urlTemplate: string, eventId: string): string {
  return urlTemplate.replaceAll('{eventId}', encodeURIComponent(eventId));
}
