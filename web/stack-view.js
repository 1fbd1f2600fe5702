// The stack drawn as a phone draws it. The flat stack of the session
// document is cut into layers: the root with its pushed screens, then one
// layer per modal (`sheet` or `fullScreen`) with the screens pushed inside
// it. Each layer shows its top screen under a navigation bar; only the top
// screen of the top layer is interactive, the rest are inert.

import { h } from "./dom.js";
import { renderEventControls } from "./event-controls.js";
import { humanize, renderObject } from "./values.js";

/** The stack as layers: `[{presentation, screens: [...]}]`, bottom first. */
export function layersOf(stack) {
  const layers = [];
  for (const screen of stack) {
    if (layers.length === 0 || screen.presentation === "sheet" || screen.presentation === "fullScreen") {
      // The modals over a tab bar or split view come alone: their first layer is a modal.
      const root = layers.length === 0 && screen.presentation !== "sheet" && screen.presentation !== "fullScreen";
      layers.push({ presentation: root ? "root" : screen.presentation, screens: [screen] });
    } else {
      layers[layers.length - 1].screens.push(screen);
    }
  }
  return layers;
}

/**
 * The phone's content for `document`. `send(screen, event, payload, where)`
 * reports an event; `where` says which control caused it, for errors.
 */
export function renderStack(document, send) {
  const layers = layersOf(document.stack);
  const types = coordinatorTypes(document.coordinators);
  return layers.map((layer, index) => {
    const top = index === layers.length - 1;
    const screen = layer.screens[layer.screens.length - 1];
    const previous = layer.screens.length > 1 ? layer.screens[layer.screens.length - 2] : null;
    const element = h(
      "div",
      {
        className: `layer layer-${layer.presentation}`,
        "data-layer": index,
        "data-presentation": layer.presentation,
        role: layer.presentation === "root" ? null : "dialog",
        "aria-modal": layer.presentation === "root" ? null : "true",
        "aria-label": layer.presentation === "root" ? null : `${humanize(screen.name)} (${layer.presentation})`,
      },
      renderScreen(screen, previous, top, types, (event, payload, where) => send(screen, event, payload, where)),
    );
    if (!top) {
      element.inert = true;
      element.setAttribute("aria-hidden", "true");
    }
    return element;
  });
}

/** Coordinator id → type, from the live tree. */
function coordinatorTypes(root, types = new Map()) {
  if (!root) return types;
  types.set(root.id, root.type);
  for (const child of root.children || []) coordinatorTypes(child, types);
  return types;
}

export function renderScreen(screen, previous, interactive, types, send) {
  const accepts = (name) => screen.events.some((event) => event.name === name);
  const navProblem = h("p", { className: "problem nav-problem", role: "alert", hidden: true });
  const leading = [];
  if (accepts("back")) {
    const label = previous ? humanize(previous.name) : "Back";
    const button = h("button", { type: "button", className: "nav-back", "data-event": "back", "aria-label": `Back to ${label}` }, `‹ ${label}`);
    button.addEventListener("click", () => send("back", undefined, { slot: navProblem, button }));
    leading.push(button);
  }
  const trailing = [];
  if (accepts("dismiss")) {
    const button = h("button", { type: "button", className: "nav-dismiss", "data-event": "dismiss", "aria-label": `Dismiss ${humanize(screen.name)}` }, "Close");
    button.addEventListener("click", () => send("dismiss", undefined, { slot: navProblem, button }));
    trailing.push(button);
  }
  const title = h("h3", { className: "nav-title", tabIndex: -1 }, humanize(screen.name));
  return h(
    "article",
    {
      className: interactive ? "screen screen-active" : "screen",
      "data-screen-id": screen.id,
      "data-screen-name": screen.name,
      "data-presentation": screen.presentation,
    },
    h("header", { className: "nav-bar" }, h("div", { className: "nav-leading" }, leading), title, h("div", { className: "nav-trailing" }, trailing)),
    navProblem,
    h(
      "div",
      { className: "screen-body" },
      h("p", { className: "screen-meta" }, `${screen.name} · ${screen.id} · shown by ${types.get(screen.coordinator) ?? "a coordinator"} ${screen.coordinator}`),
      h("section", { className: "params", "aria-label": "Screen state" }, renderObject(screen.params || {}, "params-list")),
      h("section", { className: "actions", "aria-label": "Actions" }, renderEventControls(screen, send)),
    ),
  );
}
