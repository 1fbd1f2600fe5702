// Live updates (GET /v1/sessions/{id}/stream, Server-Sent Events): every tab
// showing a session gets each new version as soon as the server accepts it.
//
// EventSource cannot send an Authorization header, so with an API key the
// key goes in the stream's URL as `?key=` (the server accepts it on this
// route only; see SECURITY.md). EventSource reconnects by itself after a
// dropped connection, sending Last-Event-ID, so nothing is missed.

import { currentKey } from "./api-key.js";

/**
 * Follows session `id` from `version` on. Calls `onDocument(document)` for
 * each newer session document and `onEnded()` once the session is over.
 * Returns a function that stops following.
 */
export function follow(id, version, { onDocument, onEnded }) {
  const url = new URL(`/v1/sessions/${encodeURIComponent(id)}/stream`, window.location.href);
  url.searchParams.set("since", String(version));
  const key = currentKey();
  if (key !== null) url.searchParams.set("key", key);
  const source = new EventSource(url);
  source.addEventListener("session", (message) => {
    try {
      onDocument(JSON.parse(message.data));
    } catch {
      // A message that does not parse is skipped; the next one carries the whole session.
    }
  });
  source.addEventListener("ended", () => {
    source.close();
    onEnded();
  });
  return () => source.close();
}
