// "Show internals": screen and coordinator ids, coordinator names, raw
// params, the coordinator tree and the router history, for the people who
// write flows. Off by default; kept for this tab (sessionStorage), like the
// API key, so a reload keeps it and a new tab starts readable.

import { byId } from "./dom.js";

const storageName = "navigation-server.internals";
let shownInMemory = false;

/** Whether this tab shows internals. */
export function internalsShown() {
  try {
    return window.sessionStorage.getItem(storageName) === "shown";
  } catch {
    return shownInMemory;
  }
}

function store(shown) {
  shownInMemory = shown;
  try {
    if (shown) window.sessionStorage.setItem(storageName, "shown");
    else window.sessionStorage.removeItem(storageName);
  } catch {
    // Private modes may refuse storage; the choice then lasts until a reload.
  }
}

/** Wires the toggle; `onChange()` redraws what depends on it. */
export function setUpInternals(onChange) {
  const toggle = byId("internals-toggle");
  const apply = () => document.body.classList.toggle("show-internals", internalsShown());
  toggle.checked = internalsShown();
  apply();
  toggle.addEventListener("change", () => {
    store(toggle.checked);
    apply();
    onChange();
  });
}
