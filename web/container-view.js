// Tab bars and split views (the session document's `layout`). The selected
// tab is drawn under a tab bar at the bottom of the phone; a split view is
// two columns side by side at wide widths and one column, the primary's
// top above the secondary's (how iOS collapses it), at narrow widths. The
// top screen of each visible stack is live; a modal (drawn by the stack
// view, from `stack`) covers everything and makes the rest inert.

import { h } from "./dom.js";
import { renderScreen } from "./stack-view.js";
import { humanize } from "./values.js";

const isModal = (screen) => screen.presentation === "sheet" || screen.presentation === "fullScreen";

/**
 * The phone's content for a `document` with containers, or null for a
 * plain stack (the stack view draws those). `send` as in the stack view;
 * `renderLayers` is the stack view's, for the modals over the containers.
 */
export function renderContainers(document, send, renderLayers) {
  const layout = document.layout;
  if (!layout || layout.kind === "stack") return null;
  const modalStart = document.stack.findIndex(isModal);
  const modalOpen = modalStart >= 0;
  const types = coordinatorTypes(document.coordinators);
  const live = !modalOpen;
  const selected = layout.kind === "tabs" ? layout.tabs.find((tab) => tab.id === layout.selected) : null;
  const content = renderLayout(selected ? selected.layout : layout, live, types, send);
  const base = h(
    "div",
    { className: "layer layer-root layer-containers", "data-layer": 0, "data-presentation": "root" },
    h("div", { className: "container-content" }, content),
    layout.kind === "tabs" ? renderTabBar(layout, document, live, send) : null,
  );
  if (modalOpen) {
    base.inert = true;
    base.setAttribute("aria-hidden", "true");
  }
  const modals = modalOpen ? renderLayers({ ...document, stack: document.stack.slice(modalStart) }, send) : [];
  return [base, ...modals];
}

/** A stack's top screen, or a split view's two columns. */
function renderLayout(layout, live, types, send) {
  if (layout.kind === "split") {
    return h(
      "div",
      { className: "split-view", "data-split": "true" },
      renderColumn(layout.primary, "primary", live, types, send),
      renderColumn(layout.secondary, "secondary", live, types, send),
    );
  }
  return renderColumn(layout.stack, null, live, types, send);
}

function renderColumn(screens, column, live, types, send) {
  const element = h("div", { className: column ? `column column-${column}` : "column", "data-column": column });
  const screen = screens[screens.length - 1];
  if (!screen) return element;
  const previous = screens.length > 1 ? screens[screens.length - 2] : null;
  // `selectTab` is the tab bar's, not a button of each screen.
  const shown = { ...screen, events: screen.events.filter((event) => event.name !== "selectTab") };
  element.append(renderScreen(shown, previous, live, types, (event, payload, where) => send(screen, event, payload, where)));
  return element;
}

/** One button per tab; a tap is `selectTab` reported by a visible screen that takes it. */
function renderTabBar(layout, document, live, send) {
  const reporter = visibleTops(document.layout).find((screen) => screen.events.some((event) => event.name === "selectTab"));
  const slot = h("p", { className: "problem tab-problem", role: "alert", hidden: true });
  const buttons = layout.tabs.map((tab) => {
    const selected = tab.id === layout.selected;
    const button = h(
      "button",
      { type: "button", className: selected ? "tab tab-selected" : "tab", role: "tab", "aria-selected": String(selected), "data-tab": tab.id },
      tab.title || humanize(tab.id),
    );
    button.disabled = !live || !reporter;
    button.addEventListener("click", () => send(reporter, "selectTab", { tab: tab.id }, { slot, button }));
    return button;
  });
  return h("nav", { className: "tab-bar", "aria-label": "Tabs" }, h("div", { role: "tablist" }, buttons), slot);
}

/** The top screens a user can touch in `layout` (no modal open). */
export function visibleTops(layout) {
  if (!layout) return [];
  if (layout.kind === "tabs") {
    const selected = layout.tabs.find((tab) => tab.id === layout.selected);
    return selected ? visibleTops(selected.layout) : [];
  }
  const stacks = layout.kind === "split" ? [layout.primary, layout.secondary] : [layout.stack];
  return stacks.filter((stack) => stack.length > 0).map((stack) => stack[stack.length - 1]);
}

/** Coordinator id → type, from the live tree. */
function coordinatorTypes(root, types = new Map()) {
  if (!root) return types;
  types.set(root.id, root.type);
  for (const child of root.children || []) coordinatorTypes(child, types);
  return types;
}
