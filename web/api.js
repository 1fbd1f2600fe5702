// The REST API of the server (openapi.yaml), as the client uses it. Every
// failure becomes an ApiProblem carrying the server's problem+json body.

import { currentKey, keyAfterRefusal } from "./api-key.js";

/** A refusal from the server (problem+json) or a failure to reach it. */
export class ApiProblem extends Error {
  constructor(status, body) {
    super(body.detail || body.title || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }

  /** The last segment of the problem `type`, e.g. `version-mismatch`. */
  get kind() {
    const type = this.body.type || "";
    return type.startsWith("urn:navigation-server:problem:") ? type.slice(30) : "";
  }
}

/**
 * One API call. With the tab's API key (if any) as `Authorization: Bearer`;
 * a 401 asks for the key (api-key.js) and sends the call again with it. The
 * server checks the key before anything else, so a refused call changed
 * nothing and retrying it, an event included, is safe.
 */
async function request(method, path, { json, headers = {} } = {}) {
  let key = currentKey();
  for (;;) {
    const response = await send(method, path, json, headers, key);
    if (!isKeyRefusal(response)) return read(response);
    key = await keyAfterRefusal(key);
  }
}

async function send(method, path, json, headers, key) {
  const init = { method, headers: { Accept: "application/json", ...headers }, cache: "no-store" };
  if (key !== null) init.headers.Authorization = `Bearer ${key}`;
  if (json !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(json);
  }
  try {
    return await fetch(path, init);
  } catch (error) {
    throw new ApiProblem(0, { title: "Server unreachable", detail: `the server did not answer (${error.message})` });
  }
}

/** A 401 from the API key check (it names the Bearer scheme), not some other refusal. */
function isKeyRefusal(response) {
  return response.status === 401 && /^bearer\b/i.test(response.headers.get("WWW-Authenticate") || "");
}

async function read(response) {
  if (response.status === 204) return null;
  const text = await response.text();
  let body = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { title: `HTTP ${response.status}`, detail: text.slice(0, 200) };
  }
  if (!response.ok) throw new ApiProblem(response.status, body || {});
  return body;
}

const sessionPath = (id) => `/v1/sessions/${encodeURIComponent(id)}`;

/** `GET /v1/flows`: the flows and the context each reads. */
export const listFlows = async () => (await request("GET", "/v1/flows")).flows;

/** `POST /v1/sessions`: the new session document; with `link`, the session opens it right after `start()`. */
export const createSession = (flow, context, link) =>
  request("POST", "/v1/sessions", { json: link ? { flow, context, link } : { flow, context } });

/** `POST /v1/sessions/{id}/links` with `If-Match: "<version>"`: the session after opening (or holding) the link. */
export const openLink = (id, version, link) =>
  request("POST", `${sessionPath(id)}/links`, { json: { link }, headers: { "If-Match": `"${version}"` } });

/** `GET /v1/sessions/{id}`. */
export const fetchSession = (id) => request("GET", sessionPath(id));

/** `DELETE /v1/sessions/{id}`. */
export const endSession = (id) => request("DELETE", sessionPath(id));

/**
 * `POST /v1/sessions/{id}/events` with `If-Match: "<version>"`, so an event
 * decided on an old screen is refused (412) instead of acting on it.
 */
export function sendEvent(id, version, screen, event, payload) {
  const body = payload === undefined ? { screen, event } : { screen, event, payload };
  return request("POST", `${sessionPath(id)}/events`, { json: body, headers: { "If-Match": `"${version}"` } });
}

/** Whether the server answers `GET /healthz` (open without a key): false when it is down or unreachable. */
export async function isServerUp() {
  try {
    return (await fetch("/healthz", { cache: "no-store" })).ok;
  } catch {
    return false;
  }
}

/** `GET /v1/sessions/{id}/history?since=N`: only the router calls after version N. */
export const fetchHistory = (id, since) => request("GET", `${sessionPath(id)}/history?since=${since}`);
