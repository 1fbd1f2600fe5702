// Choosing a flow and its context: the form that starts a session. While a
// session is open the launcher shows that session: its flow, the context it
// was started with (when this tab started it), and "Start a new session".

import { byId, h, replaceChildren } from "./dom.js";

let flows = [];
const contextsName = "navigation-server.contexts";
const contextsKept = 20;

/** The flow called `name` from `GET /v1/flows`, or undefined. */
export const flowNamed = (name) => flows.find((flow) => flow.name === name);

/** The context a flow reads, filled with each member's default. */
function defaultContext(flow) {
  const context = {};
  for (const [name, field] of Object.entries(flow?.context || {})) context[name] = field.default ?? null;
  return context;
}

function showError(message) {
  byId("launcher-error").hidden = !message;
  byId("launcher-error").textContent = message || "";
  byId("context-editor").setAttribute("aria-invalid", message ? "true" : "false");
}

function showFlow(name, context) {
  const flow = flowNamed(name);
  if (!flow) return;
  byId("flow-select").value = name;
  byId("flow-description").textContent = flow.description;
  byId("context-editor").value = JSON.stringify(context ?? defaultContext(flow), null, 2);
  showError(null);
}

/**
 * Fills the launcher with `list` (the flows) and calls `start(flow, context)`
 * on submit; `start` resolves to a message to show under the form, or null.
 */
export function setUpLauncher(list, start) {
  flows = list;
  const select = byId("flow-select");
  replaceChildren(select, flows.map((flow) => h("option", { value: flow.name }, flow.name)));
  select.addEventListener("change", () => showFlow(select.value));
  showFlow(flows[0]?.name);
  byId("launcher-form").addEventListener("submit", async (submission) => {
    submission.preventDefault();
    const editor = byId("context-editor");
    let context;
    try {
      context = editor.value.trim() === "" ? undefined : JSON.parse(editor.value);
    } catch (parseError) {
      showError(`The context is not valid JSON: ${parseError.message}`);
      editor.focus();
      return;
    }
    showError(null);
    const button = byId("start-session");
    button.disabled = true;
    try {
      showError(await start(select.value, context));
    } finally {
      button.disabled = false;
    }
  });
}

/** Says in the launcher that flows could not be loaded. */
export function showLauncherProblem(message) {
  showError(message);
}

/**
 * The launcher follows the open session: its flow and context, or none.
 * `folded`: fold it away (on a phone the screen comes first).
 */
export function launcherFollows(session, { folded = false } = {}) {
  byId("launcher-title").textContent = session ? "Start another session" : "Start a session";
  byId("start-session").textContent = session ? "Start a new session" : "Start session";
  if (session) showFlow(session.flow, session.context);
  byId("launcher").open = !(session && folded);
}

function readContexts() {
  try {
    return JSON.parse(window.sessionStorage.getItem(contextsName) || "{}");
  } catch {
    return {};
  }
}

/** Keeps the context session `id` was started with, for this tab (the server does not send it back). */
export function rememberContext(id, context) {
  const kept = Object.entries(readContexts()).filter(([other]) => other !== id);
  kept.push([id, context ?? null]);
  try {
    window.sessionStorage.setItem(contextsName, JSON.stringify(Object.fromEntries(kept.slice(-contextsKept))));
  } catch {
    // Without storage a reload shows the flow's defaults instead.
  }
}

/** The context this tab started session `id` with, or undefined. */
export function rememberedContext(id) {
  return readContexts()[id] ?? undefined;
}
