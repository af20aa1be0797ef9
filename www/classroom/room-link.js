// The address an exercise's link names, so that the room can open it: a page opened from
// `make play` is at 127.0.0.1 (or localhost), which each phone reads as itself. The builder then
// warns and takes the address students will use (the laptop's on the room's network, or the
// school's static host); these pure functions decide what is a loopback address, read what the
// teacher typed, and build the link from it with the exercise's own page and query.

/**
 * Whether `hostname` (as `URL.hostname` or `location.hostname` write it) names only the machine
 * itself: localhost and its subdomains, 127.0.0.0/8, ::1, the unspecified 0.0.0.0 and ::, their
 * IPv4-mapped forms, and no host at all (a file).
 * @param {string} hostname
 */
export function isLoopbackHost(hostname) {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '0.0.0.0') return true;
  if (host === '::1' || host === '::') return true;
  // ::ffff:127.x.y.z and ::ffff:0.0.0.0, as the URL parser writes them (::ffff:7f00:1, ::ffff:0:0).
  return /^::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|0:0|127\.[\d.]+|0\.0\.0\.0)$/.test(host);
}

/**
 * What the teacher typed as the address students will use: null when nothing is typed, the base
 * URL when it is one the room can open (http or https, a host that is not this machine's own), or
 * why not: `bad` (not such an address) or `loopback` (this machine's own again, with its host).
 * An address without a scheme is taken as http ("192.168.1.20:8000"); its query and fragment, if
 * any, are dropped (the exercise has its own).
 * @param {string} typed
 * @returns {null | {base: URL} | {error: 'bad' | 'loopback', host?: string}}
 */
export function readRoomAddress(typed) {
  let text = typed.trim();
  if (!text) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `http://${text}`;
  let url;
  try {
    url = new URL(text);
  } catch {
    return { error: 'bad' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'bad' };
  // A host name of letters, digits and hyphens (an international one as the parser writes it,
  // xn--…), an IPv4 or an [IPv6] address: browsers differ on the rest (Chromium takes
  // "school example" as school%20example), which no phone could reach.
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*\.?)$/i.test(url.hostname) || url.username || url.password) return { error: 'bad' };
  if (isLoopbackHost(url.hostname)) return { error: 'loopback', host: url.hostname };
  url.search = '';
  url.hash = '';
  return { base: url };
}

/**
 * The exercise's link at `base`: the page's own file (`page`'s last path segment, such as
 * classroom.html) in the base's folder, unless the base already names an .html page, then the
 * exercise's query. `http://192.168.1.20:8000/` and `/classroom.html?…` give
 * `http://192.168.1.20:8000/classroom.html?…`.
 * @param {URL} base
 * @param {string} pagePath the page's own path (location.pathname)
 * @param {string} query the exercise's query, from `?`
 */
export function linkAt(base, pagePath, query) {
  let path = base.pathname;
  if (!/\.html?$/i.test(path)) {
    const file = pagePath.slice(pagePath.lastIndexOf('/') + 1) || 'classroom.html';
    path = `${path.endsWith('/') ? path : `${path}/`}${file}`;
  }
  return `${base.origin}${path}${query}`;
}
