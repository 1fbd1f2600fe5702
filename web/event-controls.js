// One control per declared event, labelled and ordered by its role:
// primary first, then the ordinary ones, destructive, cancel last. An event
// without fields is a button; with fields, a small form that is always open,
// its submit button named after the event; an event whose one field has
// choices is one tap per choice. Where those choices are the items of a
// list in the params (mailboxes, messages, rates), the list itself becomes
// the choices, drawn in its place. `back` and `dismiss` belong to the
// navigation bar.

import { h } from "./dom.js";
import { eventLabel, eventRole, fieldOf } from "./labels.js";
import { summarize, summaryElements } from "./values.js";

export const navigationEvents = new Set(["back", "dismiss"]);

const roleOrder = { primary: 0, destructive: 2, cancel: 3 };
const roleClass = (role) => (role ? `role-${role}${role === "primary" ? " primary" : ""}` : "");

/**
 * The controls of `screen`. `send(event, payload, where)` reports an event;
 * `where` names the control and error line for a refusal. Returns `actions`
 * (an element) and `lists`: param name → the element that replaces that list
 * (with `readable`; otherwise every choice is a button in `actions`).
 */
export function renderEventControls(screen, send, { readable }) {
  const events = screen.events
    .filter((event) => !navigationEvents.has(event.name))
    .map((event) => ({ event, role: eventRole(event), fields: Object.entries(event.fields || {}).map(([name, field]) => fieldOf(name, field, screen.params)) }))
    .sort((a, b) => (roleOrder[a.role] ?? 1) - (roleOrder[b.role] ?? 1));
  const lists = new Map();
  const controls = [];
  for (const entry of events) {
    const slot = h("p", { className: "problem", role: "alert", hidden: true });
    const choices = entry.fields.length === 1 ? entry.fields[0].choices : null;
    const list = choices && readable ? backingList(screen.params, choices) : null;
    if (list && !lists.has(list.key)) {
      lists.set(list.key, h("div", { className: "event choice-list", "data-event-block": entry.event.name }, renderRows(entry, list, send, slot), slot));
      continue;
    }
    const control = choices ? renderChoices(entry, send, slot) : entry.fields.length ? renderForm(screen, entry, send, slot) : renderButton(entry, send, slot);
    controls.push(h("div", { className: "event", "data-event-block": entry.event.name }, control, slot));
  }
  // A person sees nothing where there is nothing to do; internals say so.
  const none = readable || lists.size ? null : h("p", { className: "hint" }, "This screen has no actions.");
  const actions = controls.length ? h("div", { className: "events" }, controls) : none;
  return { actions, lists };
}

function renderButton({ event, role }, send, slot) {
  const button = h("button", { type: "button", className: `event-button ${roleClass(role)}`, "data-event": event.name }, eventLabel(event));
  button.addEventListener("click", () => send(event.name, undefined, { slot, button }));
  return button;
}

/** The list in `params` whose items the `choices` are (by some member of each item), or null. */
function backingList(params, choices) {
  const values = new Set(choices.map((choice) => choice.value));
  for (const [key, list] of Object.entries(params || {})) {
    if (!Array.isArray(list) || list.length !== values.size) continue;
    if (!list.every((item) => typeof item === "object" && item !== null && !Array.isArray(item))) continue;
    const member = Object.keys(list[0]).find((name) => new Set(list.map((item) => item[name])).size === values.size && list.every((item) => values.has(item[name])));
    if (member) return { key, items: new Map(list.map((item) => [item[member], item])) };
  }
  return null;
}

/** The list's items as rows, one tap each, in the list's own order of choices. */
function renderRows({ event, fields }, list, send, slot) {
  const field = fields[0];
  const rows = field.choices.map((choice) => {
    const button = h(
      "button",
      { type: "button", className: "choice-row", "data-event-choice": event.name, "data-choice": choice.value },
      h("span", { className: "row-text" }, summaryElements(summarize(list.items.get(choice.value), choice.label))),
      h("span", { className: "row-chevron", "aria-hidden": "true" }, "›"),
    );
    button.addEventListener("click", () => send(event.name, { [field.name]: choice.value }, { slot, button }));
    return h("li", {}, button);
  });
  return h("ul", { className: "choice-rows", "aria-label": `${eventLabel(event)}: ${field.label}` }, rows);
}

/** One button per allowed value: a tap sends the event with that value. */
function renderChoices({ event, fields }, send, slot) {
  const field = fields[0];
  const label = `${eventLabel(event)}: ${field.label}`;
  const buttons = field.choices.map((choice) => {
    const button = h("button", { type: "button", className: "event-button choice", "data-event-choice": event.name, "data-choice": choice.value }, choice.label);
    button.addEventListener("click", () => send(event.name, { [field.name]: choice.value }, { slot, button }));
    return button;
  });
  return h("div", { className: "choices", role: "group", "aria-label": label }, h("span", { className: "choices-label" }, label), buttons);
}

/** An always-open form: a labelled input per field, and a submit button named after the event. */
function renderForm(screen, { event, role, fields }, send, slot) {
  const formId = `form-${screen.id}-${event.name}`;
  const inputs = fields.map((field) => fieldInput(formId, field, screen.params?.[field.name]));
  const submit = h("button", { type: "submit", className: `event-button ${roleClass(role ?? "primary")}`, "data-submit": event.name }, eventLabel(event));
  const form = h(
    "form",
    { id: formId, className: "event-form", novalidate: true, "data-event-form": event.name, "aria-label": eventLabel(event) },
    inputs.map((input) => input.row),
    submit,
  );
  form.addEventListener("submit", (submission) => {
    submission.preventDefault();
    const payload = {};
    let valid = true;
    for (const input of inputs) {
      input.showError(null);
      const read = input.read();
      if (read.error) {
        input.showError(read.error);
        valid = false;
      } else {
        payload[input.name] = read.value;
      }
    }
    if (valid) send(event.name, payload, { slot, button: submit, fields: inputs });
    else inputs.find((input) => input.control.getAttribute("aria-invalid") === "true")?.control.focus();
  });
  return form;
}

/**
 * A labelled input for one payload field, with its hint and its own error
 * line. A secret field is a password input, never filled from the params.
 */
function fieldInput(formId, field, current) {
  const { name, type, label, description, choices, secret } = field;
  const id = `${formId}-${name}`;
  const error = h("span", { id: `${id}-error`, className: "field-error", role: "alert", hidden: true });
  const hint = description ? h("span", { id: `${id}-hint`, className: "field-hint" }, description) : null;
  const common = { id, name, "data-field": name, "aria-describedby": [hint && `${id}-hint`, `${id}-error`].filter(Boolean).join(" ") };
  let control;
  let read;
  switch (choices ? "choices" : type) {
    case "choices":
      control = h("select", common, choices.map((choice) => h("option", { value: choice.value, defaultSelected: choice.value === current }, choice.label)));
      read = () => ({ value: control.value });
      break;
    case "number":
      control = h("input", { ...common, type: "text", inputMode: "decimal", defaultValue: typeof current === "number" ? String(current) : "" });
      read = () => readNumber(control.value);
      break;
    case "boolean":
      control = h("input", { ...common, type: "checkbox", defaultChecked: current === true });
      read = () => ({ value: control.checked });
      break;
    case "object":
    case "array":
      control = h("textarea", { ...common, rows: 3, spellcheck: false, placeholder: type === "object" ? "{}" : "[]" });
      control.defaultValue = current !== undefined && current !== null ? JSON.stringify(current) : "";
      read = () => {
        try {
          return { value: JSON.parse(control.value || (type === "object" ? "{}" : "[]")) };
        } catch {
          return { error: "This is not valid JSON." };
        }
      };
      break;
    default:
      control = h("input", { ...common, type: secret ? "password" : "text", autocomplete: "off", defaultValue: !secret && typeof current === "string" ? current : "" });
      read = () => ({ value: control.value });
  }
  const row = h("div", { className: type === "boolean" && !choices ? "field field-boolean" : "field" }, h("label", { htmlFor: id }, label), control, hint, error);
  const showError = (message) => {
    error.hidden = !message;
    error.textContent = message || "";
    control.setAttribute("aria-invalid", message ? "true" : "false");
  };
  return { name, control, row, read, showError };
}

/** A number typed by a person: "1,380.5" and " 12 " are numbers; "" and "abc" say what is wrong. */
function readNumber(text) {
  const cleaned = text.trim().replace(/[\s,_]/g, "");
  if (cleaned === "") return { error: "Enter a number." };
  const value = Number(cleaned);
  return Number.isFinite(value) ? { value } : { error: `“${text.trim()}” is not a number.` };
}
