// Problems from the server in plain words: what happened and what to do.

const advice = {
  "version-mismatch": "The session changed since this page last looked at it (another tab or client acted on it).",
  "screen-not-active": "That screen is no longer the one on top, so it cannot act any more.",
  "session-finished": "This session has finished; start a new one.",
  "session-not-found": "This session no longer exists on the server.",
  "flow-changed": "This session was recorded by another version of its flow.",
  "event-not-accepted": "This screen does not accept that action.",
  "invalid-payload": "Some of the values are not right.",
  "event-rejected": "The screen refused this action.",
  "invalid-context": "The context does not match what this flow reads.",
  "flow-not-found": "This server does not host that flow.",
  "too-many-sessions": "The server is full right now; try again in a few seconds.",
  "event-limit-reached": "This session has reached its limit of events; start a new one.",
  "stack-limit-reached": "The stack is as deep as the server allows; go back first.",
  "flow-failure": "The flow's code failed on the server.",
  "session-too-large": "This session holds as much data as the server allows; send less, or start a new one.",
  "create-rate-limited": "Too many sessions were started from here in a short time; wait a moment and try again.",
  "unauthorized": "The server needs an API key.",
  "malformed-json": "That is not valid JSON.",
  "body-too-large": "That is more data than the server accepts.",
};

/** One or two sentences for a person, from an ApiProblem; `brief`: the first alone, without the server's detail. */
export function describe(problem, { brief = false } = {}) {
  if (problem.status === 0) return "Not sent: the server does not answer. Try again once it is back.";
  const status = problem.status ? `${problem.status} ` : "";
  const lead = advice[problem.kind] || problem.body.title || "The request failed.";
  if (brief) return lead;
  const detail = problem.body.detail ? ` (${status}${problem.body.detail})` : status ? ` (${status.trim()})` : "";
  return lead + detail;
}

/** "must be a number" → "Must be a number." */
export function sentence(text) {
  const trimmed = String(text).trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1) + (/[.!?]$/.test(trimmed) ? "" : ".");
}

/** Per-field messages of a 422 `invalid-payload`, by field name. */
export function fieldErrors(problem) {
  const errors = {};
  for (const error of problem.body.errors || []) {
    if (error && typeof error.field === "string") errors[error.field] = error.message;
  }
  return errors;
}

/** Whether `problem` means the session itself is gone (404 `session-not-found`) or cannot go on (410). */
export const isLoss = (problem) => problem.kind === "session-not-found" || problem.status === 410;

// After this long without a change, a session that is gone most likely expired.
const idleLongMs = 5 * 60 * 1000;

/**
 * Why a session is gone, for a person: `{title, text}`. `cause` is
 * `{endedHere}` (this tab ended it), `{ended}` (its stream said so), or
 * `{problem, afterDrop}` (a 404 or 410; `afterDrop`: right after the
 * connection came back, so the server restarted). `idleMs`: how long the
 * session showed no change here.
 */
export function lossOf(cause, { flow, idleMs }) {
  const minutes = Math.round(idleMs / 60000);
  const expired = {
    title: "Session expired",
    text: `Nothing happened in this session for ${minutes} minutes, and the server frees sessions left idle.`,
  };
  if (cause.endedHere) return { title: "Session ended", text: "You ended this session: its coordinators finished and the server freed it." };
  if (cause.problem?.status === 410) {
    return { title: "Flow changed", text: `The server now runs another version of the ${flow ?? ""} flow, so this session, recorded by the old one, cannot go on.` };
  }
  if (cause.problem && cause.afterDrop) {
    return { title: "Session lost", text: "The server restarted and lost this session: it keeps sessions in memory only (--store memory)." };
  }
  if (idleMs >= idleLongMs) return expired;
  if (cause.ended) return { title: "Session ended", text: "This session was ended in another tab or client." };
  return { title: "Session gone", text: "The server no longer has this session: it was ended elsewhere, or it expired." };
}
