// The URL the target is told to call, and the channel paths under it. Pure.

/** Every channel's path starts with this segment, so the sink can find it behind a tunnel's prefix. */
const CHANNEL_SEGMENT = 'apicert-sink';

const channelPathPattern = new RegExp(`/${CHANNEL_SEGMENT}/([0-9a-f]{24})(?:/|$)`);

/**
 * The sink's base URL: `publicUrl` (without a trailing slash) when set, else the listening address.
 * A wildcard listening host is not callable, so loopback stands in for it.
 */
export function sinkBaseUrl(
  listening: { readonly host: string; readonly port: number; readonly isHttps: boolean },
  publicUrl?: string,
): string {
  if (publicUrl !== undefined) return publicUrl.replace(/\/+$/, '');
  const host = listening.host === '0.0.0.0' ? '127.0.0.1' : listening.host === '::' ? '::1' : listening.host;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  return `${listening.isHttps ? 'https' : 'http'}://${hostInUrl}:${listening.port}`;
}

/** The URL of channel `channelId` under the sink's base URL. */
export function channelUrl(baseUrl: string, channelId: string): string {
  return `${baseUrl}/${CHANNEL_SEGMENT}/${channelId}`;
}

/** The channel id a request path names, or undefined. The query string is ignored. */
export function channelIdOf(requestPath: string): string | undefined {
  const pathname = requestPath.split('?', 1)[0]!;
  return channelPathPattern.exec(pathname)?.[1];
}
