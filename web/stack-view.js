// The stack drawn as a phone draws it. The flat stack of the session
// document is cut into layers: the root with its pushed screens, then one
// layer per modal (`sheet` or `fullScreen`) with the screens pushed inside
// it. Each layer shows its top screen under a navigation bar; only the top
// screen of the top layer is interactive, the rest are inert.

import { h } from "./dom.js";
import { holdControls, renderEffectStatus } from "./effects.js";
import { navigationEvents, renderEventControls } from "./event-controls.js";
import { screenTitle } from "./labels.js";
import { renderRaw, renderReadable } from "./values.js";

export const isModal = (screen) => screen.presentation === "sheet" || screen.presentation === "fullScreen";

/** Whether `screen` offers anything to do besides going back, closing or switching tabs. */
export const hasActions = (screen) => screen.events.some((event) => !navigationEvents.has(event.name) && event.name !== "selectTab");

/** The stack as layers: `[{presentation, screens: [...]}]`, bottom first. */
function layersOf(stack) {
  const layers = [];
  for (const screen of stack) {
    if (layers.length === 0 || isModal(screen)) {
      // The modals over a tab bar or split view come alone: their first layer is a modal.
      layers.push({ presentation: layers.length === 0 && !isModal(screen) ? "root" : screen.presentation, screens: [screen] });
    } else {
      layers[layers.length - 1].screens.push(screen);
    }
  }
  return layers;
}

/**
 * The phone's content for `document`. `send(screen, event, payload, where)`
 * reports an event; `where` says which control caused it, for errors.
 * `view` is `{readable, types, waiting}`: coordinator id → type, for
 * internals; screen id → the effects it waits for (effects.js).
 */
export function renderStack(document, send, view) {
  const layers = layersOf(document.stack);
  return layers.map((layer, index) => {
    const top = index === layers.length - 1;
    const screen = layer.screens[layer.screens.length - 1];
    const previous = layer.screens.length > 1 ? layer.screens[layer.screens.length - 2] : null;
    const root = layer.presentation === "root";
    const element = h(
      "div",
      {
        className: `layer layer-${layer.presentation}`,
        "data-layer": index,
        "data-presentation": layer.presentation,
        role: root ? null : "dialog",
        "aria-modal": root ? null : "true",
        "aria-label": root ? null : screenTitle(screen),
      },
      renderScreen(screen, { previous, interactive: top, view }, (event, payload, where) => send(screen, event, payload, where)),
    );
    if (!top) {
      element.inert = true;
      element.setAttribute("aria-hidden", "true");
    }
    return element;
  });
}

/**
 * One screen under its navigation bar. `previous` names the back button;
 * `back` replaces the `back` event with a local one (a collapsed split
 * view's detail, see container-view.js).
 */
export function renderScreen(screen, { previous = null, interactive, view, back = null }, send) {
  const accepts = (name) => screen.events.some((event) => event.name === name);
  const navProblem = h("p", { className: "problem nav-problem", role: "alert", hidden: true });
  const leading = [];
  if (back) {
    leading.push(backButton(back.title, back.go));
  } else if (accepts("back")) {
    const button = backButton(previous ? screenTitle(previous) : "Back", () => send("back", undefined, { slot: navProblem, button }));
    leading.push(button);
  }
  const trailing = [];
  if (accepts("dismiss")) {
    const button = h("button", { type: "button", className: "nav-dismiss", "data-event": "dismiss", "aria-label": `Close ${screenTitle(screen)}` }, "Close");
    button.addEventListener("click", () => send("dismiss", undefined, { slot: navProblem, button }));
    trailing.push(button);
  }
  const placeholder = view.readable && isPlaceholder(screen);
  const waiting = view.waiting?.get(screen.id) ?? [];
  const classes = ["screen", interactive ? "screen-active" : null, placeholder ? "screen-placeholder" : null].filter(Boolean).join(" ");
  const navigationBar = h(
    "header",
    { className: "nav-bar" },
    h("div", { className: "nav-leading" }, leading),
    h("h3", { className: "nav-title", tabIndex: -1 }, screenTitle(screen)),
    h("div", { className: "nav-trailing" }, trailing),
  );
  const body = h("div", { className: "screen-body" }, placeholder ? h("p", { className: "placeholder-text" }, screen.params.text) : screenBody(screen, view, send));
  if (waiting.length) {
    body.prepend(renderEffectStatus(waiting, view));
    holdControls(body);
  }
  return h(
    "article",
    {
      className: classes,
      "data-screen-id": screen.id,
      "data-screen-name": screen.name,
      "data-presentation": screen.presentation,
      "aria-busy": waiting.length ? "true" : null,
    },
    placeholder ? null : navigationBar,
    navProblem,
    body,
  );
}

function backButton(title, go) {
  const button = h("button", { type: "button", className: "nav-back", "data-event": "back", "aria-label": `Back to ${title}` }, `‹ ${title}`);
  button.addEventListener("click", go);
  return button;
}

/** Params, then actions; readable or as sent (internals). */
function screenBody(screen, view, send) {
  const { actions, lists } = renderEventControls(screen, send, view);
  if (!view.readable) {
    const owner = view.types.get(screen.coordinator) ?? "a coordinator";
    return [
      h("p", { className: "screen-meta" }, `${screen.name} · ${screen.id} · shown by ${owner} ${screen.coordinator}`),
      h("section", { className: "params", "aria-label": "Screen state" }, renderRaw(screen.params || {}, "params-list")),
      h("section", { className: "actions", "aria-label": "Actions" }, actions),
    ];
  }
  return [
    h("section", { className: "params", "aria-label": "Screen state" }, renderReadable(screen.params, lists)),
    actions ? h("section", { className: "actions", "aria-label": "Actions" }, actions) : null,
  ];
}

/**
 * A screen that only says something (`{"text": …}`, no actions): an empty
 * detail column, drawn as its text alone, as iOS does.
 */
function isPlaceholder(screen) {
  const keys = Object.keys(screen.params || {});
  return keys.length === 1 && typeof screen.params.text === "string" && !hasActions(screen);
}
