// The client: one session at a time, its id in the page URL (`?session=`),
// so a reload or a second tab reopens the same session. The server is the
// source of truth; the page only draws its latest session document.

import * as api from "./api.js";
import { byId, h, replaceChildren } from "./dom.js";
import { setUpLauncher, showLauncherProblem } from "./launcher.js";
import { follow } from "./live.js";
import { appendHistory, clearHistory, renderCoordinatorTree } from "./panels.js";
import { describe, fieldErrors } from "./problems.js";
import { renderContainers } from "./container-view.js";
import { renderStack } from "./stack-view.js";
import { outgoingFor, playTransition, transitionFor } from "./transitions.js";
import { renderObject } from "./values.js";

const phone = byId("phone");
const historyList = byId("history-list");
const state = { id: null, document: null, historyVersion: 0 };
// The live stream of the shown session; `pending` is a newer document that
// arrived while this tab was sending an event, shown once it is done.
const live = { stop: null, pending: null };

function setBusy(busy) {
  phone.dataset.state = busy ? "busy" : "idle";
}

function setSessionInURL(id) {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set("session", id);
  else url.searchParams.delete("session");
  window.history.replaceState(null, "", url);
}

function showMessage(text) {
  byId("session-message").textContent = text || "";
}

function showStale(text) {
  byId("stale-banner").hidden = !text;
  byId("stale-message").textContent = text || "";
  phone.inert = Boolean(text);
  phone.classList.toggle("stale", Boolean(text));
}

/** Draws the current document; `kind` is the transition to play. */
function render(kind = null) {
  const document = state.document;
  const outgoing = kind ? outgoingFor(kind, phone) : null;
  byId("session-bar").hidden = !document;
  if (!document) {
    replaceChildren(phone, h("p", { className: "phone-empty" }, "Choose a flow and start a session."));
  } else if (document.finished) {
    replaceChildren(
      phone,
      h(
        "div",
        { className: "finished", "data-finished": "true" },
        h("h3", {}, "The flow finished"),
        document.result !== undefined ? renderObject({ result: document.result }) : null,
        h("p", { className: "hint" }, "Start a new session from the form."),
      ),
    );
  } else {
    replaceChildren(phone, renderContainers(document, send, renderStack) ?? renderStack(document, send));
  }
  renderPendingLink(document);
  if (document) {
    byId("session-id").textContent = document.id;
    byId("session-flow").textContent = document.flow;
    byId("session-version").textContent = String(document.version);
    phone.dataset.version = String(document.version);
  } else {
    delete phone.dataset.version;
  }
  renderCoordinatorTree(byId("coordinator-tree"), document);
  return playTransition(kind, phone, outgoing);
}

/** Fetches the router calls after the last version seen; returns them. */
async function loadHistory(fresh) {
  const history = await api.fetchHistory(state.id, state.historyVersion);
  appendHistory(historyList, history.entries, { fresh, truncated: history.truncated && state.historyVersion === 0 });
  state.historyVersion = history.version;
  return history.entries;
}

/** Shows the session `document` as a freshly opened one (no transition). */
async function adopt(document) {
  state.id = document.id;
  state.document = document;
  state.historyVersion = 0;
  clearHistory(historyList);
  setSessionInURL(document.id);
  showStale(null);
  showMessage("");
  // The link field belongs to the session shown: a new one starts it empty.
  byId("link-input").value = "";
  showLinkProblem(null);
  render();
  followLive();
  await loadHistory(false);
}

/** Follows the shown session's stream, replacing any earlier one. */
function followLive() {
  if (live.stop) live.stop();
  live.pending = null;
  if (!state.id || !state.document) return;
  live.stop = follow(state.id, state.document.version, {
    onDocument: showLive,
    onEnded: () => forget("The session ended or expired (in another tab or client)."),
  });
}

/** A newer version from the stream: shown with its transition, as if sent here. */
async function showLive(document) {
  if (!state.document || document.id !== state.id || document.version <= state.document.version) return;
  if (phone.dataset.state === "busy") {
    live.pending = document;
    return;
  }
  setBusy(true);
  try {
    const before = state.document.version;
    state.document = document;
    showStale(null);
    let entries = [];
    try {
      entries = (await loadHistory(true)).filter((entry) => entry.version > before);
    } catch {
      // The panel catches up on the next change; the screen is already right.
    }
    await render(transitionFor(entries));
  } finally {
    setBusy(false);
  }
  showPendingLive();
}

function showPendingLive() {
  const pending = live.pending;
  live.pending = null;
  if (pending) showLive(pending);
}

function forget(message) {
  if (live.stop) live.stop();
  live.stop = null;
  live.pending = null;
  state.id = null;
  state.document = null;
  clearHistory(historyList);
  setSessionInURL(null);
  showStale(null);
  render();
  showMessage(message);
}

async function startSession(flow, context, link) {
  try {
    await adopt(await api.createSession(flow, context, link));
    phone.querySelector(".screen-active .nav-title")?.focus();
    return null;
  } catch (problem) {
    return describe(problem);
  }
}

/** Reports `event` of `screen`; errors are shown next to the control in `where`. */
async function send(screen, event, payload, where) {
  if (phone.dataset.state === "busy" || !state.document) return;
  setBusy(true);
  where.slot.hidden = true;
  for (const field of where.fields || []) field.showError(null);
  if (where.button) where.button.disabled = true;
  try {
    const before = state.document.version;
    state.document = await api.sendEvent(state.id, before, screen.id, event, payload);
    let entries = [];
    try {
      entries = (await loadHistory(true)).filter((entry) => entry.version > before);
    } catch {
      // The panel catches up on the next change; the screen is already right.
    }
    await render(transitionFor(entries));
    phone.querySelector(".screen-active .nav-title")?.focus();
  } catch (problem) {
    if (where.button) where.button.disabled = false;
    report(problem, where);
  } finally {
    setBusy(false);
  }
  showPendingLive();
}

function report(problem, where) {
  if (problem.kind === "version-mismatch" || problem.kind === "screen-not-active") {
    const now = problem.body.currentVersion;
    const versions = now ? ` This tab shows version ${state.document.version}; the session is at version ${now}.` : "";
    showStale(`${describe(problem)}${versions} Refresh before acting again.`);
    byId("stale-refresh").focus();
  } else if (problem.kind === "session-not-found") {
    forget(describe(problem));
  } else {
    where.slot.hidden = false;
    where.slot.textContent = describe(problem);
    const errors = fieldErrors(problem);
    for (const field of where.fields || []) if (errors[field.name]) field.showError(errors[field.name]);
  }
}

async function refresh() {
  if (!state.id) return;
  try {
    state.document = await api.fetchSession(state.id);
    showStale(null);
    showMessage("");
    render();
    followLive();
    await loadHistory(true);
  } catch (problem) {
    if (problem.kind === "session-not-found") forget(describe(problem));
    else showMessage(describe(problem));
  }
}

async function end() {
  if (!state.id) return;
  try {
    await api.endSession(state.id);
    forget("Session ended: the root coordinator's finish() ran and the server freed it.");
  } catch (problem) {
    if (problem.kind === "session-not-found") forget(describe(problem));
    else showMessage(describe(problem));
  }
}

/** Another tab may have moved the session on: check when this one is shown again. */
async function checkForChanges() {
  if (document.visibilityState !== "visible" || !state.id || !state.document || phone.dataset.state === "busy") return;
  try {
    const current = await api.fetchSession(state.id);
    if (current.version !== state.document.version) {
      showStale(`The session moved on to version ${current.version} in another tab or client; this tab shows version ${state.document.version}. Refresh before acting again.`);
    }
  } catch (problem) {
    if (problem.kind === "session-not-found") forget(describe(problem));
  }
}

// --- Deep links ----------------------------------------------------------

/** Shows the link the coordinators hold until they can follow it (after login). */
function renderPendingLink(document) {
  const pending = document?.pendingLink;
  byId("pending-link").hidden = !pending;
  byId("pending-link-value").textContent = pending || "";
}

function showLinkProblem(text) {
  byId("link-problem").hidden = !text;
  byId("link-problem").textContent = text || "";
  byId("link-input").setAttribute("aria-invalid", text ? "true" : "false");
}

/** The "Open link" field: the link is an event of its own, so it animates like one. */
async function openLink(submission) {
  submission.preventDefault();
  const link = byId("link-input").value.trim();
  if (!link || !state.document || phone.dataset.state === "busy") return;
  setBusy(true);
  showLinkProblem(null);
  try {
    const before = state.document.version;
    state.document = await api.openLink(state.id, before, link);
    byId("link-input").value = "";
    let entries = [];
    try {
      entries = (await loadHistory(true)).filter((entry) => entry.version > before);
    } catch {
      // The panel catches up on the next change; the screen is already right.
    }
    await render(transitionFor(entries));
  } catch (problem) {
    if (problem.kind === "version-mismatch" || problem.kind === "session-not-found") report(problem, { slot: byId("link-problem") });
    else showLinkProblem(describe(problem));
  } finally {
    setBusy(false);
  }
}

/** `/?flow=app&link=/profile`: start a session of that flow that opens the link, as a tapped link would. */
async function startFromLink(url) {
  const flow = url.searchParams.get("flow");
  const link = url.searchParams.get("link");
  if (!flow || url.searchParams.get("session")) return;
  url.searchParams.delete("flow");
  url.searchParams.delete("link");
  window.history.replaceState(null, "", url);
  const message = await startSession(flow, undefined, link || undefined);
  if (message) showMessage(message);
}

async function main() {
  byId("link-form").addEventListener("submit", openLink);
  byId("refresh-session").addEventListener("click", refresh);
  byId("stale-refresh").addEventListener("click", refresh);
  byId("end-session").addEventListener("click", end);
  document.addEventListener("visibilitychange", checkForChanges);
  try {
    setUpLauncher(await api.listFlows(), startSession);
  } catch (problem) {
    showLauncherProblem(`The flows could not be loaded: ${describe(problem)}`);
  }
  await startFromLink(new URL(window.location.href));
  const id = new URL(window.location.href).searchParams.get("session");
  if (id && id !== state.id) {
    try {
      await adopt(await api.fetchSession(id));
    } catch (problem) {
      forget(describe(problem));
    }
  }
  document.body.dataset.ready = "true";
}

main();
