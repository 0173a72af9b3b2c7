/**
 * Char-code paths for the common shape of citation URLs, "http(s)://" + a lower-case ASCII host
 * + "/", "?", "#" or the end. Anything else takes the general code in hosts.ts; both give the
 * same results (hosts.test.ts compares them).
 */

// Query parameters that identify a campaign or a click, never the page.
export const TRACKING_PARAM =
  /^(utm_.*|gclid|gbraid|wbraid|dclid|fbclid|msclkid|twclid|ttclid|li_fat_id|mc_cid|mc_eid|mkt_tok|yclid|_hs.*|_ga|_gl|ref|ref_src|source|srsltid|igshid|si|spm|s_cid|cmpid|trk)$/i;

/** Where the host of a simple URL ends, or -1 when the URL does not have the simple shape. */
export function simpleHostEnd(url: string): number {
  // "http://" or "https://", compared by char code (startsWith was a visible cost here).
  if (
    url.charCodeAt(0) !== 104 ||
    url.charCodeAt(1) !== 116 ||
    url.charCodeAt(2) !== 116 ||
    url.charCodeAt(3) !== 112
  ) {
    return -1;
  }
  let i = url.charCodeAt(4) === 115 ? 5 : 4;
  if (url.charCodeAt(i) !== 58 || url.charCodeAt(i + 1) !== 47 || url.charCodeAt(i + 2) !== 47) {
    return -1;
  }
  i += 3;
  const from = i;
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 46) continue;
    if (c === 47 || c === 63 || c === 35) break;
    return -1;
  }
  return i > from ? i : -1;
}

/** hostOf for a simple URL. */
export function simpleHost(url: string, hostEnd: number): string {
  return bareHost(url.slice(url.charCodeAt(4) === 115 ? 8 : 7, hostEnd));
}

/** A lower-case ASCII host without trailing dots or "www.", or '' without a dot. */
function bareHost(host: string): string {
  let s = host;
  while (s.endsWith('.')) s = s.slice(0, -1);
  if (s.startsWith('www.')) s = s.slice(4);
  // 253: the longest host name DNS allows (MAX_HOST_LENGTH in hosts.ts).
  return s.includes('.') && s.length <= 253 ? s : '';
}

/** canonicalUrl for a simple URL: host and path are one slice, plus any non-tracking query. */
export function canonicalSimpleUrl(input: string, hostEnd: number): string {
  const last = input.charCodeAt(input.length - 1);
  // Trailing space is trimmed before the fragment is cut. The host ended at "/", "?" or "#", so
  // trimming never reaches it.
  const url = last <= 32 || last === 0xa0 || last >= 0x1680 ? input.trim() : input;
  const schemeEnd = url.charCodeAt(4) === 115 ? 8 : 7;
  const hostStart = url.startsWith('www.', schemeEnd) ? schemeEnd + 4 : schemeEnd;
  const hash = url.indexOf('#', hostEnd);
  const end = hash === -1 ? url.length : hash;
  let q = url.indexOf('?', hostEnd);
  if (q > end) q = -1;
  let pathEnd = q === -1 ? end : q;
  while (pathEnd > hostEnd && url.charCodeAt(pathEnd - 1) === 47) pathEnd--;
  const base = url.slice(hostStart, pathEnd);
  if (q === -1) return base;
  let query = '';
  for (let from = q + 1; from <= end; ) {
    let amp = url.indexOf('&', from);
    if (amp === -1 || amp > end) amp = end;
    if (amp > from) {
      let eq = url.indexOf('=', from);
      if (eq === -1 || eq > amp) eq = amp;
      if (!TRACKING_PARAM.test(url.slice(from, eq))) {
        query = query === '' ? url.slice(from, amp) : `${query}&${url.slice(from, amp)}`;
      }
    }
    from = amp + 1;
  }
  return query === '' ? base : `${base}?${query}`;
}
