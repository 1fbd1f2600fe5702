// Tab bars and split views (the session document's `layout`). The selected
// tab is drawn above a tab bar. A split view is two columns when there is
// room; on a phone (`view.compact`) it is one stack, as iOS collapses it:
// the primary column, with the secondary column's screen pushed over it
// once it shows something to act on (a message, not "No message
// selected"). That screen's back button is the phone's own: it shows the
// primary column again and tells the server nothing, since both columns
// still exist; the next screen the secondary column shows is pushed again.
// The top screen of each visible stack is live; a modal (drawn by the
// stack view, from `stack`) covers everything and makes the rest inert.

import { h } from "./dom.js";
import { humanize, screenTitle } from "./labels.js";
import { hasActions, isModal, renderScreen, renderStack } from "./stack-view.js";

/**
 * The phone's content for a `document` with containers, or null for a
 * plain stack (the stack view draws those). `send` and `view` as in the
 * stack view; `view.compact` collapses split views, `view.hiddenDetail` is
 * the secondary screen the person went back from, `view.showPrimary(id)`
 * goes back from one.
 */
export function renderContainers(document, send, view) {
  const layout = document.layout;
  if (!layout || layout.kind === "stack") return null;
  const modalStart = document.stack.findIndex(isModal);
  const modalOpen = modalStart >= 0;
  const live = !modalOpen;
  const selected = layout.kind === "tabs" ? layout.tabs.find((tab) => tab.id === layout.selected) : null;
  const base = h(
    "div",
    { className: "layer layer-root layer-containers", "data-layer": 0, "data-presentation": "root" },
    h("div", { className: "container-content" }, renderLayout(selected ? selected.layout : layout, live, send, view)),
    layout.kind === "tabs" ? renderTabBar(layout, live, send) : null,
  );
  if (modalOpen) {
    base.inert = true;
    base.setAttribute("aria-hidden", "true");
  }
  const modals = modalOpen ? renderStack({ ...document, stack: document.stack.slice(modalStart) }, send, view) : [];
  return [base, ...modals];
}

/** Whether `layout` or any tab in it holds a split view: its phone is drawn wide at every tab. */
export function hasSplit(layout) {
  if (!layout) return false;
  if (layout.kind === "split") return true;
  return layout.kind === "tabs" && layout.tabs.some((tab) => hasSplit(tab.layout));
}

/** A stack's top screen, or a split view's columns. */
function renderLayout(layout, live, send, view) {
  if (layout.kind !== "split") return renderColumn(layout.stack, null, live, send, view);
  const detail = layout.secondary[layout.secondary.length - 1];
  if (view.compact) {
    const pushed = detail && hasActions(detail) && view.hiddenDetail !== detail.id;
    if (!pushed) return h("div", { className: "split-view split-compact", "data-split": "true" }, renderColumn(layout.primary, "primary", live, send, view));
    // The detail's own root has no back event: going back is the phone's.
    const primaryTop = layout.primary[layout.primary.length - 1];
    const back = layout.secondary.length === 1 && primaryTop ? { title: screenTitle(primaryTop), go: () => view.showPrimary(detail.id) } : null;
    return h("div", { className: "split-view split-compact", "data-split": "true" }, renderColumn(layout.secondary, "secondary", live, send, view, back));
  }
  return h(
    "div",
    { className: "split-view", "data-split": "true" },
    renderColumn(layout.primary, "primary", live, send, view),
    renderColumn(layout.secondary, "secondary", live, send, view),
  );
}

function renderColumn(screens, column, live, send, view, back = null) {
  const element = h("div", { className: column ? `column column-${column}` : "column", "data-column": column });
  const screen = screens[screens.length - 1];
  if (!screen) return element;
  const previous = screens.length > 1 ? screens[screens.length - 2] : null;
  // `selectTab` is the tab bar's, not a button of each screen.
  const shown = { ...screen, events: screen.events.filter((event) => event.name !== "selectTab") };
  element.append(renderScreen(shown, { previous, interactive: live, view, back }, (event, payload, where) => send(screen, event, payload, where)));
  return element;
}

/** One button per tab; a tap is `selectTab` reported by a visible screen that takes it. */
function renderTabBar(layout, live, send) {
  const reporter = visibleTops(layout).find((screen) => screen.events.some((event) => event.name === "selectTab"));
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
  return h("nav", { className: "tab-bar", "aria-label": "Tabs" }, slot, h("div", { role: "tablist" }, buttons));
}

/** The top screens a user can touch in `layout` (no modal open). */
function visibleTops(layout) {
  if (!layout) return [];
  if (layout.kind === "tabs") {
    const selected = layout.tabs.find((tab) => tab.id === layout.selected);
    return selected ? visibleTops(selected.layout) : [];
  }
  const stacks = layout.kind === "split" ? [layout.primary, layout.secondary] : [layout.stack];
  return stacks.filter((stack) => stack.length > 0).map((stack) => stack[stack.length - 1]);
}
