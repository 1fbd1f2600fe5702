// What the session waits for: the effects its coordinators asked of the
// outside world (a sign-in, a payment) and that have no outcome yet, as the
// session document lists them (`effects`: id, name, coordinator). A screen
// of the coordinator that asked, or of one of its children, says what it
// waits for and takes no action until the outcome comes: the stream brings
// the version that applies it. Nothing is drawn when nothing is pending.

import { h } from "./dom.js";

/** Screen id → the effects that screen waits for; empty when none is pending. */
export function effectsByScreen(document) {
  const waiting = new Map();
  const effects = document?.effects ?? [];
  if (effects.length === 0) return waiting;
  const screens = [...document.stack, ...screensIn(document.layout)];
  for (const effect of effects) {
    const owners = subtree(document.coordinators, effect.coordinator);
    const own = screens.filter((screen) => owners.has(screen.coordinator));
    // A coordinator with no screen of its own (a parent deciding what comes next): the top screen waits.
    const shown = own.length ? own : document.stack.slice(-1);
    for (const id of new Set(shown.map((screen) => screen.id))) {
      if (!waiting.has(id)) waiting.set(id, []);
      waiting.get(id).push(effect);
    }
  }
  return waiting;
}

/** Every screen of a layout: each tab, each column (the hidden ones too). */
function screensIn(layout) {
  if (!layout) return [];
  if (layout.kind === "tabs") return layout.tabs.flatMap((tab) => screensIn(tab.layout));
  return layout.kind === "split" ? [...layout.primary, ...layout.secondary] : layout.stack;
}

/** The ids of coordinator `id` and every coordinator under it in the live tree. */
function subtree(root, id) {
  const found = find(root, id);
  const ids = new Set([id]);
  const visit = (node) => {
    for (const child of node?.children ?? []) {
      ids.add(child.id);
      visit(child);
    }
  };
  visit(found);
  return ids;
}

function find(node, id) {
  if (!node) return null;
  if (node.id === id) return node;
  for (const child of node.children ?? []) {
    const found = find(child, id);
    if (found) return found;
  }
  return null;
}

/** "Waiting for auth.login…": what the screen waits for, by effect name (and id, with internals). */
export function renderEffectStatus(effects, { readable }) {
  const names = effects.map((effect) => (readable ? effect.name : `${effect.name} (${effect.id})`));
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  return h(
    "p",
    { className: "effect-status", role: "status", "data-effects": effects.map((effect) => effect.name).join(" ") },
    h("span", { className: "effect-spinner", "aria-hidden": "true" }),
    `Waiting for ${list}…`,
  );
}

/** The screen's own controls (its forms, buttons and choices, not its navigation bar) while it waits. */
export function holdControls(body) {
  for (const control of body.querySelectorAll("button, input, select, textarea")) control.disabled = true;
  for (const form of body.querySelectorAll("form")) form.setAttribute("aria-busy", "true");
}
