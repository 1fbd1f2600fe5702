// The developer panels: the live coordinator tree, and the router history,
// which grows by `history?since=` so only new entries are fetched.

import { h, replaceChildren } from "./dom.js";

/** Draws the coordinator tree; the coordinator of the top screen is marked, and those waiting for effects. */
export function renderCoordinatorTree(container, document) {
  if (!document) return replaceChildren(container);
  const active = document.stack.length ? document.stack[document.stack.length - 1].coordinator : null;
  const owners = new Set(document.stack.map((screen) => screen.coordinator));
  const waiting = (id) => (document.effects ?? []).filter((effect) => effect.coordinator === id).map((effect) => `${effect.name} (${effect.id})`);
  const node = (coordinator) =>
    h(
      "li",
      { "data-coordinator": coordinator.type, className: coordinator.id === active ? "active" : null },
      h("span", { className: "coordinator-type" }, coordinator.type),
      h("span", { className: "coordinator-id" }, ` ${coordinator.id}`),
      owners.has(coordinator.id) ? h("span", { className: "coordinator-owns" }, " · on screen") : null,
      waiting(coordinator.id).length ? h("span", { className: "coordinator-waits" }, ` · waiting for ${waiting(coordinator.id).join(", ")}`) : null,
      coordinator.children?.length ? h("ul", {}, coordinator.children.map(node)) : null,
    );
  replaceChildren(container, document.coordinators ? h("ul", { className: "tree-root" }, node(document.coordinators)) : null);
}

/** Appends history entries; `fresh` marks them as the latest change. */
export function appendHistory(list, entries, { fresh = false, truncated = false } = {}) {
  for (const old of list.querySelectorAll(".fresh")) old.classList.remove("fresh");
  if (truncated) list.append(h("li", { className: "history-gap" }, "… older entries were dropped by the server"));
  for (const entry of entries) {
    list.append(
      h(
        "li",
        { className: fresh ? "history-entry fresh" : "history-entry", "data-seq": entry.seq, "data-operation": entry.operation },
        h("span", { className: "history-version" }, `v${entry.version}`),
        h("span", { className: "history-operation" }, entry.operation),
        h("span", { className: "history-screen" }, `${entry.screen ?? ""}${entry.screenId ? ` (${entry.screenId})` : ""}`),
        h("span", { className: "history-coordinator" }, `by ${entry.coordinator ?? "the router"}${entry.byUser ? ", for the user" : ""}`),
        placeOf(entry),
      ),
    );
  }
  // The list scrolls itself, never the page: the person may be reading the screen.
  list.scrollTop = list.scrollHeight;
}

/** Which tab and column a call changed, for sessions with containers. */
function placeOf(entry) {
  if (!entry.tab && !entry.column) return null;
  const place = [entry.tab && `tab ${entry.tab}`, entry.column && `${entry.column} column`].filter(Boolean).join(", ");
  return h("span", { className: "history-place", "data-tab": entry.tab ?? null, "data-column": entry.column ?? null }, `in ${place}`);
}

/** Empties the history panel (a new session). */
export function clearHistory(list) {
  replaceChildren(list);
}

/** Coordinator id → type, from the live tree. */
export function coordinatorTypes(root, types = new Map()) {
  if (!root) return types;
  types.set(root.id, root.type);
  for (const child of root.children || []) coordinatorTypes(child, types);
  return types;
}
