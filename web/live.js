// Live updates (GET /v1/sessions/{id}/stream, Server-Sent Events): every tab
// showing a session gets each new version as soon as the server accepts it.
//
// EventSource cannot send an Authorization header, so with an API key the
// key goes in the stream's URL as `?key=` (the server accepts it on this
// route only; see SECURITY.md). After a dropped connection EventSource
// reconnects by itself, sending `Last-Event-ID` (the version it saw last),
// so the server sends only what is newer; connection.js says what happens.

import { currentKey } from "./api-key.js";

/**
 * Follows session `id` from `version` on. `onDocument(document)` for each
 * newer session document; `onOpen()` each time the stream is connected;
 * `onError(closed)` when it drops (`closed`: the server refused it, so
 * EventSource will not retry); `onEnded()` once the session is over.
 * Returns a function that stops following.
 */
export function follow(id, version, { onDocument, onOpen, onError, onEnded }) {
  const url = new URL(`/v1/sessions/${encodeURIComponent(id)}/stream`, window.location.href);
  url.searchParams.set("since", String(version));
  const key = currentKey();
  if (key !== null) url.searchParams.set("key", key);
  const source = new EventSource(url);
  source.addEventListener("open", () => onOpen());
  source.addEventListener("error", () => onError(source.readyState === EventSource.CLOSED));
  source.addEventListener("session", (message) => {
    let document;
    try {
      document = JSON.parse(message.data);
    } catch {
      return; // A message that does not parse is skipped; the next one carries the whole session.
    }
    onDocument(document);
  });
  source.addEventListener("ended", () => {
    source.close();
    onEnded();
  });
  return () => source.close();
}
