// Problems from the server in plain words: what happened and what to do.

const advice = {
  "version-mismatch": "The session changed since this page last looked at it (another tab or client acted on it).",
  "screen-not-active": "That screen is no longer the one on top, so it cannot act any more.",
  "session-finished": "This session has finished; start a new one.",
  "session-not-found": "This session no longer exists: it was ended or expired after being idle.",
  "event-not-accepted": "This screen does not accept that action.",
  "invalid-payload": "Some of the values are not right: the wrong type, or too long.",
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

/** One or two sentences for a person, from an ApiProblem. */
export function describe(problem) {
  const status = problem.status ? `${problem.status} ` : "";
  const lead = advice[problem.kind] || problem.body.title || "The request failed.";
  const detail = problem.body.detail ? ` (${status}${problem.body.detail})` : status ? ` (${status.trim()})` : "";
  return lead + detail;
}

/** Per-field messages of a 422 `invalid-payload`, by field name. */
export function fieldErrors(problem) {
  const errors = {};
  for (const error of problem.body.errors || []) {
    if (error && typeof error.field === "string") errors[error.field] = error.message;
  }
  return errors;
}
