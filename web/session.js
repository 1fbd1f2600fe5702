// The open session: one at a time, its id in the page URL (`?session=`), so
// a reload or a second tab reopens it. The server is the source of truth;
// the page draws its latest session document, follows its live stream, and
// says plainly when the connection or the session itself is lost.

import * as api from "./api.js";
import { connect, showConnection } from "./connection.js";
import { byId } from "./dom.js";
import { describeDrafts } from "./drafts.js";
import { flowNamed, launcherFollows, rememberContext, rememberedContext } from "./launcher.js";
import { renderLinks, showLinkProblem } from "./links.js";
import { appendHistory, clearHistory } from "./panels.js";
import { compact, drawPhone } from "./phone-view.js";
import { describe, fieldErrors, isLoss, lossOf, sentence } from "./problems.js";
import { transitionFor } from "./transitions.js";
import { keepInPlace, keyOf, placeOf, revealScreenTop, screensShown } from "./viewport.js";

const phone = byId("phone");
const historyList = byId("history-list");

const state = {
  id: null,
  document: null,
  flow: null,
  context: undefined,
  historyVersion: 0,
  // When this tab last saw the session change (to tell expiry from other losses).
  seenAt: 0,
  // The secondary column's screen the person went back from on a phone.
  hiddenDetail: null,
  // `{title, text}` once the session is gone.
  lost: null,
};
// The live stream of the shown session; `pending` is a newer document that
// arrived while this tab was busy, shown once it is done.
const live = { stop: null, pending: null };

const busy = () => phone.dataset.state === "busy";
const setBusy = (on) => {
  phone.dataset.state = on ? "busy" : "idle";
};

function setSessionInURL(id) {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set("session", id);
  else url.searchParams.delete("session");
  window.history.replaceState(null, "", url);
}

export function showMessage(text) {
  byId("session-message").textContent = text || "";
}

function showStale(text) {
  byId("stale-banner").hidden = !text;
  byId("stale-message").textContent = text || "";
  phone.inert = Boolean(text);
  phone.classList.toggle("stale", Boolean(text));
}

function showDraftNotice(text) {
  byId("draft-notice").hidden = !text;
  byId("draft-message").textContent = text || "";
  if (text) byId("draft-notice").scrollIntoView({ block: "nearest" });
}

/**
 * Redraws the phone from the state and plays `kind` (a transition, or
 * null); `keep(draft)` chooses the half-typed fields to keep. Resolves to
 * those that lost their place.
 */
function render(kind = null, keep = () => true) {
  return drawPhone(phone, state, {
    kind,
    keep,
    send,
    startAgain: async () => showMessage(await startSession(state.flow, state.context)),
    showPrimary: (id) => {
      state.hiddenDetail = id;
      render("pop");
    },
  });
}

export const rerender = () => render();

/** Fetches the router calls after the last version seen; returns them. */
async function loadHistory(fresh) {
  const history = await api.fetchHistory(state.id, state.historyVersion);
  appendHistory(historyList, history.entries, { fresh, truncated: history.truncated && state.historyVersion === 0 });
  state.historyVersion = history.version;
  return history.entries;
}

/** The router calls that made the versions after `before` (none when the panel cannot catch up now). */
async function historySince(before) {
  try {
    return (await loadHistory(true)).filter((entry) => entry.version > before);
  } catch {
    return []; // The panel catches up on the next change; the screen is already right.
  }
}

/** Shows `document` as a freshly opened session; `context` is what it was started with, when known. */
async function adopt(document, context) {
  stopFollowing();
  Object.assign(state, { id: document.id, document, flow: document.flow, historyVersion: 0, seenAt: Date.now(), hiddenDetail: null, lost: null });
  state.context = context !== undefined ? context : rememberedContext(document.id);
  if (context !== undefined) rememberContext(document.id, context);
  clearHistory(historyList);
  setSessionInURL(document.id);
  showStale(null);
  showMessage("");
  showDraftNotice(null);
  byId("link-input").value = "";
  showLinkProblem(null);
  launcherFollows({ flow: state.flow, context: state.context }, { folded: compact.matches });
  renderLinks(flowNamed(state.flow), openLink);
  await render(null, () => false);
  followLive();
  await loadHistory(false).catch(() => {});
}

/** Follows the shown session's stream, replacing any earlier one. */
function followLive() {
  stopFollowing();
  if (!state.id || !state.document) return;
  live.stop = connect(state.id, state.document.version, {
    onDocument: showLive,
    onResumed: () => refresh({ resumed: true }),
    onLost: lose,
  });
}

function stopFollowing() {
  if (live.stop) live.stop();
  live.stop = null;
  live.pending = null;
}

/** A newer version from the stream: shown with its transition, as if sent here. */
async function showLive(document) {
  if (!state.document || document.id !== state.id || document.version <= state.document.version) return;
  if (busy()) {
    live.pending = document;
    return;
  }
  setBusy(true);
  try {
    const before = state.document.version;
    state.document = document;
    state.seenAt = Date.now();
    showStale(null);
    const homeless = await render(transitionFor(await historySince(before)));
    if (homeless.length) showDraftNotice(describeDrafts(homeless));
  } finally {
    setBusy(false);
  }
  const pending = live.pending;
  live.pending = null;
  if (pending) showLive(pending);
}

/** The session is gone: say why (problems.js), offer to start again, and let go of it. */
function lose(cause) {
  stopFollowing();
  state.lost = lossOf(cause, { flow: state.flow, idleMs: Date.now() - state.seenAt });
  state.id = null;
  state.document = null;
  clearHistory(historyList);
  setSessionInURL(null);
  showStale(null);
  showConnection("idle");
  launcherFollows(null);
  render(null, () => false);
}

/** Starts a session of `flow`; resolves to a message for the person, or null. */
export async function startSession(flow, context, link) {
  try {
    await adopt(await api.createSession(flow, context, link), context ?? null);
    revealScreenTop(phone, { focus: true });
    return null;
  } catch (problem) {
    return describe(problem);
  }
}

/** Opens the session `id` of the page URL. */
export async function openSession(id) {
  if (id === state.id) return;
  try {
    await adopt(await api.fetchSession(id));
  } catch (problem) {
    if (isLoss(problem)) lose({ problem });
    else showMessage(describe(problem));
  }
}

/** Reports `event` of `screen`; a refusal is shown beside the control in `where`. */
async function send(screen, event, payload, where) {
  if (busy() || !state.document) return;
  setBusy(true);
  for (const problem of phone.querySelectorAll(".problem:not(.param-error)")) problem.hidden = true;
  for (const field of where.fields || []) field.showError(null);
  if (where.button) where.button.disabled = true;
  const shownBefore = screensShown(phone);
  const focused = keyOf(window.document.activeElement, phone);
  const tapped = keyOf(where.button, phone);
  const tappedAt = placeOf(where.button);
  try {
    const before = state.document.version;
    state.document = await api.sendEvent(state.id, before, screen.id, event, payload);
    state.seenAt = Date.now();
    // The form just sent starts again from what the server says.
    await render(transitionFor(await historySince(before)), (draft) => !(draft.screen === screen.id && draft.event === event));
    if (screensShown(phone) !== shownBefore) {
      revealScreenTop(phone, { focus: true });
    } else {
      keepInPlace(phone, tapped, tappedAt);
      if (focused) phone.querySelector(focused)?.focus({ preventScroll: true });
    }
  } catch (problem) {
    if (where.button) where.button.disabled = false;
    report(problem, where);
  } finally {
    setBusy(false);
  }
  if (live.pending) {
    const pending = live.pending;
    live.pending = null;
    showLive(pending);
  }
}

function report(problem, where) {
  if (problem.kind === "version-mismatch" || problem.kind === "screen-not-active") {
    const now = problem.body.currentVersion;
    const versions = now ? ` This tab shows version ${state.document.version}; the session is at version ${now}.` : "";
    showStale(`${describe(problem)}${versions} Refresh before acting again.`);
    byId("stale-refresh").focus();
    return;
  }
  if (isLoss(problem)) return lose({ problem });
  if (problem.status === 0) showConnection("offline");
  const errors = fieldErrors(problem);
  const invalid = (where.fields || []).filter((field) => errors[field.name]);
  for (const field of invalid) field.showError(sentence(errors[field.name]));
  // Said beside each field: the line under the form only sums it up.
  where.slot.hidden = false;
  where.slot.textContent = invalid.length ? describe(problem, { brief: true }) : describe(problem);
  const first = invalid[0];
  (first ? first.row : where.slot).scrollIntoView({ block: "nearest" });
  if (first) first.control.focus({ preventScroll: true });
}

/** Shows the server's current version. `resumed`: the stream is back after a drop. */
export async function refresh({ resumed = false } = {}) {
  if (!state.id) return;
  try {
    const document = await api.fetchSession(state.id);
    const changed = document.version !== state.document?.version;
    state.document = document;
    showStale(null);
    showMessage("");
    if (changed) state.seenAt = Date.now();
    const homeless = await render();
    if (homeless.length && changed) showDraftNotice(describeDrafts(homeless));
    if (!resumed) followLive();
    await loadHistory(true);
  } catch (problem) {
    if (isLoss(problem)) lose({ problem, afterDrop: resumed });
    else showMessage(describe(problem));
  }
}

export async function end() {
  if (!state.id) return;
  try {
    await api.endSession(state.id);
    lose({ endedHere: true });
  } catch (problem) {
    if (isLoss(problem)) lose({ problem });
    else showMessage(describe(problem));
  }
}

/** Another tab may have moved the session on: check when this one is shown again. */
export async function checkForChanges() {
  if (window.document.visibilityState !== "visible" || !state.id || !state.document || busy()) return;
  try {
    const current = await api.fetchSession(state.id);
    if (current.version !== state.document.version) {
      const versions = `this tab shows version ${state.document.version}`;
      showStale(`The session moved on to version ${current.version} in another tab or client; ${versions}. Refresh before acting again.`);
    }
  } catch (problem) {
    if (isLoss(problem)) lose({ problem });
  }
}

/** The "Open link" field and the link choices: a link is an event of its own, so it animates like one. */
export async function openLink(link) {
  if (!link || !state.document || busy()) return;
  setBusy(true);
  showLinkProblem(null);
  try {
    const before = state.document.version;
    state.document = await api.openLink(state.id, before, link);
    state.seenAt = Date.now();
    byId("link-input").value = "";
    await render(transitionFor(await historySince(before)));
  } catch (problem) {
    if (problem.kind === "version-mismatch" || isLoss(problem)) report(problem, { slot: byId("link-problem") });
    else showLinkProblem(describe(problem));
  } finally {
    setBusy(false);
  }
}
