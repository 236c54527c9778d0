// Signs in at the test provider over HTTP, as a browser would: follows its redirects with a
// cookie jar and submits its login and consent forms, until it sends the browser back to the app.

/** The provider's cookies, by name (paths are ignored: this jar only ever talks to it). */
type CookieJar = Map<string, string>;

function keepCookies(jar: CookieJar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    if (value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

function cookieHeader(jar: CookieJar): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The form of an interaction page: where it posts, and which prompt it answers. */
function formOf(html: string, pageUrl: URL): { action: URL; prompt: string } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const prompt = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
  if (action === undefined || prompt === undefined) {
    throw new Error(`Not an interaction page at ${pageUrl.href}:\n${html.slice(0, 500)}`);
  }
  return { action: new URL(action.replaceAll('&amp;', '&'), pageUrl), prompt };
}

/**
 * Follows `authorizationUrl` through the provider's login (as `login`) and consent pages, and
 * returns the URL it finally sends the browser to under `redirectUri`: the app's callback, with
 * the authorization code and state, or with an error.
 */
export async function loginAtProvider(
  authorizationUrl: string,
  login: string,
  redirectUri: string,
): Promise<URL> {
  const jar: CookieJar = new Map();
  let url = new URL(authorizationUrl);
  let request: { method: 'GET' | 'POST'; body?: URLSearchParams } = { method: 'GET' };
  for (let hop = 0; hop < 20; hop += 1) {
    const response = await fetch(url, {
      ...request,
      redirect: 'manual',
      headers: { cookie: cookieHeader(jar) },
    });
    keepCookies(jar, response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      const next = new URL(location, url);
      if (`${next.origin}${next.pathname}` === redirectUri) return next;
      url = next;
      request = { method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) {
      throw new Error(`The provider answered ${response.status} at ${url.href}:\n${html}`);
    }
    const form = formOf(html, url);
    const body =
      form.prompt === 'login'
        ? new URLSearchParams({ prompt: 'login', login, password: 'any password' })
        : new URLSearchParams({ prompt: form.prompt });
    url = form.action;
    request = { method: 'POST', body };
  }
  throw new Error('The provider never sent the browser back to the app.');
}
