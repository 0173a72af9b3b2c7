/**
 * Access log lines in the formats Lumen reads (docs/crawlers.md, "Formats"), each turned into the
 * few fields the crawler counts need. Nothing else of a line is kept: no query string, no
 * referrer, and the client address only long enough to check it against a bot's ranges.
 *
 * - `combined`: the NCSA combined format of nginx (`log_format combined`, the default) and
 *   Apache (`LogFormat "%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-agent}i\""`).
 * - `cloudflare`: Logpush JSON lines of the `http_requests` dataset (`ClientIP`,
 *   `ClientRequestURI`, `ClientRequestUserAgent`, `EdgeResponseStatus`, `EdgeStartTimestamp` as
 *   RFC 3339, Unix seconds, milliseconds or nanoseconds).
 * - `vercel`: log drain JSON lines whose `proxy` object describes the request (`clientIp`,
 *   `path`, `userAgent` as a list, `statusCode`, `timestamp` in milliseconds).
 * - `fastly`: the JSON of Fastly's logging documentation (`timestamp`, `client_ip`, `url`,
 *   `request_user_agent`, `response_status`).
 */
export const LOG_FORMATS = ['combined', 'cloudflare', 'vercel', 'fastly'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export type LogRecord = {
  /** Milliseconds since the epoch (UTC). */
  time: number;
  ip: string;
  /** The path alone: no query string or fragment (they can carry personal data). */
  path: string;
  status: number;
  userAgent: string;
};

const MAX_PATH = 512;

/** `/a/b?x=1#y` or `https://host/a/b?x` → `/a/b`, at most 512 characters. */
export function pathOf(target: string): string | null {
  let s = target;
  if (!s.startsWith('/')) {
    const scheme = s.indexOf('://');
    if (scheme < 0) return null;
    const slash = s.indexOf('/', scheme + 3);
    s = slash < 0 ? '/' : s.slice(slash);
  }
  let end = s.length;
  const q = s.indexOf('?');
  if (q >= 0) end = q;
  const h = s.indexOf('#');
  if (h >= 0 && h < end) end = h;
  if (end > MAX_PATH) end = MAX_PATH;
  return end === s.length ? s : s.slice(0, end);
}

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

let lastClf = '';
let lastClfTime = Number.NaN;

/** `10/Oct/2026:13:55:36 -0700` → milliseconds (UTC); NaN when it is not that. */
export function parseClfTime(s: string): number {
  if (s === lastClf) return lastClfTime;
  const m = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(
    s,
  );
  let t = Number.NaN;
  if (m) {
    const month = MONTHS[m[2] as string];
    if (month !== undefined) {
      const offset = (Number(m[8]) * 60 + Number(m[9])) * 60_000 * (m[7] === '-' ? -1 : 1);
      t =
        Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6])) -
        offset;
    }
  }
  lastClf = s;
  lastClfTime = t;
  return t;
}

// host ident user [time] "request" status bytes "referer" "user agent" (anything after: nginx
// and Apache variants that append fields). Quoted fields may hold \" escapes.
const COMBINED =
  /^(\S+) \S+ \S+ \[([^\]]+)\] "((?:[^"\\]|\\.)*)" (\d{3}) \S+ "(?:[^"\\]|\\.)*" "((?:[^"\\]|\\.)*)"/;

function parseCombined(line: string): LogRecord | null {
  const m = COMBINED.exec(line);
  if (!m) return null;
  const time = parseClfTime(m[2] as string);
  if (Number.isNaN(time)) return null;
  // "GET /path HTTP/1.1"; a request line that is not one (a TLS probe, "-") has no page.
  const request = m[3] as string;
  const sp1 = request.indexOf(' ');
  const sp2 = request.lastIndexOf(' ');
  const target = sp1 < 0 ? '' : sp2 > sp1 ? request.slice(sp1 + 1, sp2) : request.slice(sp1 + 1);
  const path = pathOf(target);
  if (!path) return null;
  return {
    time,
    ip: m[1] as string,
    path,
    status: Number(m[4]),
    userAgent: (m[5] as string).replace(/\\(.)/g, '$1'),
  };
}

function timeOf(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (value > 1e17) return Math.floor(value / 1e6); // nanoseconds
    if (value > 1e14) return Math.floor(value / 1e3); // microseconds
    if (value > 1e11) return value; // milliseconds
    return value * 1000; // seconds
  }
  if (typeof value === 'string') {
    if (/^\d+$/.test(value)) return timeOf(Number(value));
    return Date.parse(value);
  }
  return Number.NaN;
}

type Json = Record<string, unknown>;

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function statusOf(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 599 ? n : Number.NaN;
}

function record(
  time: number,
  ip: string | null,
  target: string | null,
  status: number,
  userAgent: string | null,
): LogRecord | null {
  if (Number.isNaN(time) || Number.isNaN(status) || !ip || !target || userAgent === null) {
    return null;
  }
  const path = pathOf(target);
  return path ? { time, ip, path, status, userAgent } : null;
}

function fromCloudflare(o: Json): LogRecord | null {
  return record(
    timeOf(o.EdgeStartTimestamp),
    str(o.ClientIP),
    str(o.ClientRequestURI) ?? str(o.ClientRequestPath),
    statusOf(o.EdgeResponseStatus),
    str(o.ClientRequestUserAgent),
  );
}

function fromVercel(o: Json): LogRecord | null {
  const p = o.proxy;
  if (!p || typeof p !== 'object') return null;
  const proxy = p as Json;
  const ua = proxy.userAgent;
  const userAgent = Array.isArray(ua) ? ua.filter((u) => typeof u === 'string').join(' ') : str(ua);
  return record(
    timeOf(proxy.timestamp ?? o.timestamp),
    str(proxy.clientIp),
    str(proxy.path) ?? str(o.path),
    statusOf(proxy.statusCode ?? o.statusCode),
    userAgent,
  );
}

function fromFastly(o: Json): LogRecord | null {
  return record(
    timeOf(o.timestamp),
    str(o.client_ip),
    str(o.url),
    statusOf(o.response_status ?? o.status),
    str(o.request_user_agent),
  );
}

/** Which JSON log this object is, by the fields only that format has. */
function jsonFormat(o: Json): Exclude<LogFormat, 'combined'> | null {
  if ('ClientRequestUserAgent' in o || 'EdgeResponseStatus' in o) return 'cloudflare';
  if ('proxy' in o) return 'vercel';
  if ('request_user_agent' in o || 'client_ip' in o) return 'fastly';
  return null;
}

/**
 * One line of any supported format (or of `format` when given); null when the line is not one.
 * `detected` names the format it was read as.
 */
export function parseLogLine(
  line: string,
  format?: LogFormat,
): { record: LogRecord; format: LogFormat } | null {
  const first = line.charCodeAt(0) === 123 /* { */ || /^\s*\{/.test(line);
  if (!first) {
    if (format && format !== 'combined') return null;
    const record = parseCombined(line);
    return record ? { record, format: 'combined' } : null;
  }
  if (format === 'combined') return null;
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    return null;
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) return null;
  const kind = format ?? jsonFormat(o as Json);
  if (!kind) return null;
  const read = kind === 'cloudflare' ? fromCloudflare : kind === 'vercel' ? fromVercel : fromFastly;
  const record = read(o as Json);
  return record ? { record, format: kind } : null;
}
