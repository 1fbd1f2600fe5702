// Choosing a flow and its context: the form that starts a session.

import { byId, h, replaceChildren } from "./dom.js";

/** The context a flow reads, filled with each member's default. */
function defaultContext(flow) {
  const context = {};
  for (const [name, field] of Object.entries(flow.context || {})) context[name] = field.default ?? null;
  return context;
}

/**
 * Fills the launcher with `flows` and calls `start(flow, context)` on submit;
 * `start` resolves to a message to show under the form, or null.
 */
export function setUpLauncher(flows, start) {
  const select = byId("flow-select");
  const editor = byId("context-editor");
  const description = byId("flow-description");
  const error = byId("launcher-error");
  const form = byId("launcher-form");
  const showError = (message) => {
    error.hidden = !message;
    error.textContent = message || "";
    editor.setAttribute("aria-invalid", message ? "true" : "false");
  };
  const choose = () => {
    const flow = flows.find((candidate) => candidate.name === select.value);
    if (!flow) return;
    description.textContent = flow.description;
    editor.value = JSON.stringify(defaultContext(flow), null, 2);
    showError(null);
  };
  replaceChildren(select, flows.map((flow) => h("option", { value: flow.name }, flow.name)));
  select.addEventListener("change", choose);
  choose();
  form.addEventListener("submit", async (submission) => {
    submission.preventDefault();
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
  const error = byId("launcher-error");
  error.hidden = false;
  error.textContent = message;
}
