// The phone redrawn from the session's state: its screens, or what ended
// it, with the half-typed fields, each screen's scroll and the transition
// kept across the redraw; and everything around the phone that follows the
// session document.

import { hasSplit, renderContainers } from "./container-view.js";
import { byId, h, replaceChildren } from "./dom.js";
import { collectDrafts, restoreDrafts } from "./drafts.js";
import { effectsByScreen } from "./effects.js";
import { internalsShown } from "./internals.js";
import { renderPendingLink } from "./links.js";
import { coordinatorTypes, renderCoordinatorTree } from "./panels.js";
import { renderStack } from "./stack-view.js";
import { playTransition, snapshot } from "./transitions.js";
import { renderRaw } from "./values.js";
import { keyOf } from "./viewport.js";

/** A phone's width: split views collapse into one stack, the page is the screen (client.css). */
export const compact = window.matchMedia("(max-width: 600px)");

/**
 * Redraws `phone` from `state` (`document`, `lost`, `flow`, `hiddenDetail`)
 * and plays `kind`. `send(screen, event, payload, where)` reports an event,
 * `startAgain()` starts the same flow again, `showPrimary(id)` goes back
 * from a collapsed split view's detail. Fields typed and not sent are put
 * back where their screen still is (`keep(draft)` leaves some out);
 * resolves to the ones that lost their place.
 */
export async function drawPhone(phone, state, { kind = null, keep = () => true, send, startAgain, showPrimary }) {
  const before = snapshot(phone);
  const column = shownColumn(phone);
  const scrolls = [...phone.querySelectorAll("[data-screen-id] .screen-body")].map((body) => [keyOf(body), body.scrollTop]);
  const drafts = collectDrafts(phone).filter(keep);
  const view = {
    readable: !internalsShown(),
    types: coordinatorTypes(state.document?.coordinators),
    waiting: effectsByScreen(state.document),
    compact: compact.matches,
    hiddenDetail: state.hiddenDetail,
    showPrimary,
  };
  replaceChildren(phone, content(state, send, view, startAgain));
  const homeless = restoreDrafts(phone, drafts);
  for (const [key, top] of scrolls) {
    const body = phone.querySelector(key);
    if (body) body.scrollTop = top;
  }
  updateChrome(phone, state.document);
  // On a phone, the detail of a split view comes and goes as a push and a pop.
  const now = shownColumn(phone);
  await playTransition(column && now && column !== now ? (now === "secondary" ? "push" : "pop") : kind, phone, before);
  return homeless;
}

function content(state, send, view, startAgain) {
  const document = state.document;
  if (state.lost) return endPanel(state.lost.title, h("p", {}, state.lost.text), state.flow && startAgain);
  if (!document) return h("p", { className: "phone-empty" }, "Choose a flow and start a session.");
  if (document.finished) {
    return endPanel("The flow finished", document.result !== undefined ? renderRaw({ result: document.result }) : null, startAgain);
  }
  return renderContainers(document, send, view) ?? renderStack(document, send, view);
}

/** A session that is over: what happened, and a way to start the same flow again. */
function endPanel(title, body, startAgain) {
  const again = startAgain ? h("button", { type: "button", className: "primary", onClick: startAgain }, "Start again") : null;
  return h("div", { className: "finished", "data-finished": "true" }, h("h3", {}, title), body, again);
}

/** On a phone, which column of a collapsed split view is shown. */
const shownColumn = (phone) => phone.querySelector(".split-compact > .column")?.dataset.column ?? null;

/** Everything around the phone that follows the document. */
function updateChrome(phone, document) {
  byId("session-bar").hidden = !document;
  byId("layout").classList.toggle("wide-device", hasSplit(document?.layout));
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
}
