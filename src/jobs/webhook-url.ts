// A job's webhookUrl is a path relative to its API key's registered base URL (SPEC 4.1). The join must never let a
// caller point deliveries anywhere else: the result stays on the base URL's origin and under its path.

export class WebhookUrlError extends Error {}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;
// Control characters and whitespace make URL parsers disagree with each other (and with HTTP clients).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0020\u007f\\]/;

/** Validates a base URL given to `docex keys create --webhook-base-url`; returns it in canonical form. */
export function normalizeWebhookBaseUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new WebhookUrlError(`not an absolute URL: ${JSON.stringify(input)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookUrlError('must be an http(s) URL');
  if (url.username || url.password) throw new WebhookUrlError('must not contain credentials');
  if (url.search || url.hash || input.includes('#') || input.includes('?')) {
    throw new WebhookUrlError('must not contain a query string or fragment');
  }
  return url.href.replace(/\/+$/, '');
}

function fullyDecode(segment: string): string {
  let current = segment;
  // Repeated decoding catches double encodings such as %252e%252e.
  for (let i = 0; i < 5; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * Joins a caller's relative webhookUrl to the key's base URL as a path: base `https://h.example/hooks` +
 * `a/b?x=1` -> `https://h.example/hooks/a/b?x=1`; `""` -> the base URL itself; a leading `/` is optional.
 * Throws WebhookUrlError for absolute, protocol-relative, backslash, dot-segment and encoded escapes.
 */
export function joinWebhookUrl(baseUrl: string, relative: string): string {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (relative === '') return basePath === '' ? base.href : `${base.origin}${basePath}`;
  if (UNSAFE_CHARS.test(relative))
    throw new WebhookUrlError('must not contain backslashes, spaces or control characters');
  if (relative.startsWith('//')) throw new WebhookUrlError('must be a relative path, not a protocol-relative URL');
  if (SCHEME.test(relative)) throw new WebhookUrlError('must be a relative path, not an absolute URL');
  if (relative.includes('#')) throw new WebhookUrlError('must not contain a fragment (#)');

  const queryAt = relative.indexOf('?');
  const pathPart = queryAt === -1 ? relative : relative.slice(0, queryAt);
  const query = queryAt === -1 ? '' : relative.slice(queryAt);
  const segments = pathPart.replace(/^\//, '').split('/');
  for (const segment of segments) {
    const decoded = fullyDecode(segment);
    const dotSegment = decoded === '.' || decoded === '..';
    const encodedEscape = decoded !== segment && (/[/\\]/.test(decoded) || SCHEME.test(decoded));
    if (dotSegment || encodedEscape) {
      throw new WebhookUrlError('must not contain dot segments, encoded slashes or encoded schemes');
    }
  }

  const joinedPath = pathPart === '' || pathPart === '/' ? basePath : `${basePath}/${pathPart.replace(/^\//, '')}`;
  const joined = `${base.origin}${joinedPath}${query}`;

  // Belt and braces: re-parse and check that a URL parser sees the same origin and a path under the base path.
  let parsed: URL;
  try {
    parsed = new URL(joined);
  } catch {
    throw new WebhookUrlError('does not form a valid URL with the registered base URL');
  }
  const under = parsed.pathname === basePath || parsed.pathname.startsWith(`${basePath}/`) || basePath === '';
  if (parsed.origin !== base.origin || parsed.username || parsed.password || !under) {
    throw new WebhookUrlError('must stay under the registered webhook base URL');
  }
  return parsed.href;
}
