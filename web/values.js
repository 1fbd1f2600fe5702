// A screen's params, drawn two ways. Readable (the default): words for
// names, lists as lists, nothing for empty values, numbers and money
// formatted, no internal ids. Raw ("Show internals"): every member as the
// server sent it, null as "none".

import { h } from "./dom.js";
import { humanize, itemName } from "./labels.js";

// Members that identify rather than describe; a person does not read them.
const idKey = /^(id|sku|uuid)$|Id$/;
// Members that hold an amount of money: always two decimals.
const moneyKey = /^(total|subtotal|price|cost|amount|balance|fee)$/i;

const numbers = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });
const money = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `1380.5` → "1,380.5"; a `total` of `21` → "21.00". */
export const formatNumber = (key, value) => (moneyKey.test(key) ? money : numbers).format(value);

const isEmpty = (value) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
const isReadable = (key, value) => !isEmpty(value) && !idKey.test(key);
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The params as a person reads them, in the server's order. `replacements`
 * maps a member to the element drawn in its place (a list whose items are
 * one-tap choices).
 */
export function renderReadable(params, replacements = new Map()) {
  const parts = [];
  let rows = [];
  const flush = () => {
    if (rows.length) parts.push(h("dl", { className: "readable-list" }, rows));
    rows = [];
  };
  for (const [key, value] of Object.entries(params || {})) {
    const own = replacements.get(key) ?? (isReadable(key, value) ? prose(key, value) : null);
    if (own) {
      flush();
      parts.push(own);
    } else if (isReadable(key, value)) {
      rows.push(h("div", { className: "param", "data-param": key }, h("dt", {}, humanize(key)), h("dd", {}, readableValue(key, value))));
    }
  }
  flush();
  return parts;
}

/** Members a screen shows as text rather than as a labelled row. */
function prose(key, value) {
  if (typeof value !== "string") return null;
  if (key === "title" || key === "heading") return h("h4", { className: "param-heading", "data-param": key }, value);
  if (key === "text" || key === "body") return h("p", { className: "param-text", "data-param": key }, value);
  if (key === "error") return h("p", { className: "problem param-error", role: "alert", "data-param": key }, value);
  if (key === "notice") return h("p", { className: "notice", role: "status", "data-param": key }, value);
  return null;
}

function readableValue(key, value) {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return formatNumber(key, value);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    return h(
      "ul",
      { className: "readable-items" },
      value.map((item) => h("li", {}, isRecord(item) ? summaryElements(summarize(item)) : readableValue(key, item))),
    );
  }
  // An object of plain values reads as one line ("USD · Rate 1,380.5"); a deeper one as its own rows.
  const flat = Object.values(value).every((member) => typeof member !== "object" || member === null);
  return flat ? summaryElements(summarize(value)) : h("div", { className: "readable-nested" }, renderReadable(value));
}

/**
 * A list item on one line: `main` (its name, or its first text) and the
 * `details` a person reads beside it ("Unread 2", "Price 4.50", "Not read").
 * Words already in `main` are not repeated.
 */
export function summarize(item, main = itemName(item)) {
  const entries = Object.entries(item).filter(([key, value]) => isReadable(key, value) && !isRecord(value) && !Array.isArray(value));
  const name = main ?? entries.find(([, value]) => typeof value === "string")?.[1] ?? null;
  const details = [];
  for (const [key, value] of entries) {
    if (typeof value === "string" && name !== null && String(name).includes(value)) continue;
    if (typeof value === "boolean") details.push(value ? humanize(key) : `Not ${humanize(key).toLowerCase()}`);
    else details.push(`${humanize(key)} ${typeof value === "number" ? formatNumber(key, value) : value}`);
  }
  return { main: name, details };
}

/** The parts of a summary as elements: the name, then its details. */
export function summaryElements({ main, details }) {
  return [
    main !== null ? h("span", { className: "item-main" }, main) : null,
    details.length ? h("span", { className: "item-details" }, details.join(" · ")) : null,
  ];
}

/** The element showing one JSON value as sent (internals). */
function rawValue(value) {
  if (value === null || value === undefined) return h("span", { className: "value-none" }, "none");
  if (typeof value === "boolean") return h("span", { className: "value-boolean" }, value ? "yes" : "no");
  if (typeof value === "number") return h("span", { className: "value-number" }, String(value));
  if (typeof value === "string") {
    return value === "" ? h("span", { className: "value-none" }, "empty") : h("span", { className: "value-string" }, value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { className: "value-none" }, "empty list");
    return h("ol", { className: "value-list" }, value.map((item) => h("li", {}, rawValue(item))));
  }
  return renderRaw(value);
}

/** An object as a definition list of every member, in the server's order (internals). */
export function renderRaw(object, className = "value-object") {
  const entries = Object.entries(object);
  if (entries.length === 0) return h("span", { className: "value-none" }, "nothing");
  return h(
    "dl",
    { className },
    entries.map(([key, value]) => h("div", { className: "param", "data-param": key }, h("dt", {}, key), h("dd", {}, rawValue(value)))),
  );
}
