// A visitor as the HTTP tests, the load-balancer test and the soak drive the shop: its own cookie
// jar, redirects not followed, form posts urlencoded with the shop's Origin, as a browser without
// JavaScript sends them. No test framework here: scripts (npm run soak) use it too.

export interface HttpClient {
  /** Sends a request to a path of the shop (or a full URL) with this client's cookies; redirects are not followed. */
  fetch(pathOrUrl: string, init?: RequestInit): Promise<Response>;
  get(pathOrUrl: string, init?: RequestInit): Promise<Response>;
  /** A form post as a browser sends it from the shop's own page: urlencoded, with Origin. */
  postForm(pathOrUrl: string, fields: Record<string, string> | [string, string][], init?: RequestInit): Promise<Response>;
  /** The cookies this client holds (name → value), as the server set them. */
  cookies: Map<string, string>;
}

/**
 * A visitor of a server listening at `origin` (a built server, a balancer in front of several):
 * real HTTP, its own cookie jar, form posts from that origin.
 */
export function createUrlClient(origin: string): HttpClient {
  return cookieJarClient(origin, (request) => fetch(request));
}

export function cookieJarClient(origin: string, deliver: (request: Request) => Promise<Response>): HttpClient {
  const cookies = new Map<string, string>();
  const send = async (pathOrUrl: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size && !headers.has("Cookie")) headers.set("Cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await deliver(new Request(new URL(pathOrUrl, origin), { ...init, headers, redirect: "manual" }));
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return {
    cookies,
    fetch: send,
    get: (pathOrUrl, init) => send(pathOrUrl, { ...init, method: "GET" }),
    postForm(pathOrUrl, fields, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has("Origin")) headers.set("Origin", origin);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/x-www-form-urlencoded");
      return send(pathOrUrl, { ...init, method: "POST", headers, body: new URLSearchParams(fields).toString() });
    },
  };
}

