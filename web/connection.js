// The live connection to the shown session, and the one status line that
// says how it is: live, reconnecting (the stream dropped, the server
// answers), offline (the server does not answer), then "back online", which
// clears itself. While the stream is down EventSource keeps retrying; when
// it is back the page refreshes from the server. When the server refuses
// the stream, the session itself is asked for, to learn why (404: gone;
// 410: its flow changed) or to follow again after a pause.

import * as api from "./api.js";
import { byId } from "./dom.js";
import { follow } from "./live.js";
import { isLoss } from "./problems.js";

const messages = {
  idle: "",
  live: "Live",
  reconnecting: "Connection lost. Reconnecting…",
  offline: "Offline: the server does not answer. Retrying; this screen stays as it was.",
  back: "Back online. The screen is up to date.",
};
const backShownFor = 4000;
const retryDelays = [1000, 2000, 4000, 8000, 15000];
let clearTimer = null;

/** Sets the status line: `idle` (no session), `live`, `reconnecting`, `offline` or `back`. */
export function showConnection(state) {
  const line = byId("connection-status");
  clearTimeout(clearTimer);
  line.hidden = state === "idle";
  line.dataset.state = state;
  line.textContent = messages[state];
  if (state === "back") clearTimer = setTimeout(() => showConnection("live"), backShownFor);
}

/**
 * Follows session `id` from `version`. `onDocument(document)` for each newer
 * version; `onResumed()` when the stream is back after a drop; `onLost(cause)`
 * when the session is gone: `{ended: true}` (the stream said so) or
 * `{problem, afterDrop}` (the server's refusal, and whether the connection
 * had dropped just before). Returns a function that stops following.
 */
export function connect(id, version, { onDocument, onResumed, onLost }) {
  let stopped = false;
  // The connection was lost (not refused) and is not back yet.
  let dropped = false;
  let failures = 0;
  let timer = null;
  let stopStream = null;
  let seen = version;

  const open = () => {
    stopStream = follow(id, seen, {
      onDocument: (document) => {
        seen = Math.max(seen, document.version);
        onDocument(document);
      },
      onOpen: () => {
        failures = 0;
        showConnection(dropped ? "back" : "live");
        if (dropped) onResumed();
        dropped = false;
      },
      onError: (closed) => {
        if (stopped) return;
        if (closed) {
          stopStream();
          askWhy();
        } else {
          dropped = true;
          probe();
        }
      },
      onEnded: () => {
        stop();
        onLost({ ended: true });
      },
    });
  };

  // EventSource retries by itself: say whether the server answers at all.
  const probe = async () => {
    const answers = await api.isServerUp();
    if (!stopped && dropped) showConnection(answers ? "reconnecting" : "offline");
  };

  // The server refused the stream (or a retry found no server): ask for the session.
  const askWhy = async () => {
    if (stopped) return;
    const delay = retryDelays[Math.min(failures, retryDelays.length - 1)];
    failures += 1;
    try {
      const document = await api.fetchSession(id);
      if (stopped) return;
      showConnection("reconnecting");
      onDocument(document);
      seen = Math.max(seen, document.version);
      timer = setTimeout(open, delay);
    } catch (problem) {
      if (stopped) return;
      if (isLoss(problem)) {
        stop();
        onLost({ problem, afterDrop: dropped });
      } else {
        showConnection(problem.status === 0 ? "offline" : "reconnecting");
        timer = setTimeout(askWhy, delay);
      }
    }
  };

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    if (stopStream) stopStream();
  };

  open();
  return stop;
}
