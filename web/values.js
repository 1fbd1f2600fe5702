// A screen's params drawn readably: nested objects as definition lists,
// arrays as numbered lists, null as "none".

import { h } from "./dom.js";

/** "selectProfile" → "Select profile", "open_settings" → "Open settings". */
export function humanize(name) {
  const words = String(name)
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The element showing one JSON value. */
export function renderValue(value) {
  if (value === null || value === undefined) return h("span", { className: "value-none" }, "none");
  if (typeof value === "boolean") return h("span", { className: "value-boolean" }, value ? "yes" : "no");
  if (typeof value === "number") return h("span", { className: "value-number" }, String(value));
  if (typeof value === "string") {
    return value === "" ? h("span", { className: "value-none" }, "empty") : h("span", { className: "value-string" }, value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { className: "value-none" }, "empty list");
    return h("ol", { className: "value-list" }, value.map((item) => h("li", {}, renderValue(item))));
  }
  return renderObject(value);
}

/** An object as a definition list, members in the server's order. */
export function renderObject(object, className = "value-object") {
  const entries = Object.entries(object);
  if (entries.length === 0) return h("span", { className: "value-none" }, "nothing");
  return h(
    "dl",
    { className },
    entries.map(([key, value]) => h("div", { className: "param", "data-param": key }, h("dt", {}, humanize(key)), h("dd", {}, renderValue(value)))),
  );
}
