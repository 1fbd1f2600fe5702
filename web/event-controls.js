// One control per declared event: a button, or for an event with payload
// fields a button that opens a small form with an input of the right kind
// per field. An event whose one field has a fixed set of values (`enum`) is
// a row of one-tap choices instead. `back` and `dismiss` are drawn by the
// navigation bar instead.

import { h } from "./dom.js";
import { humanize } from "./values.js";

export const navigationEvents = new Set(["back", "dismiss"]);

/**
 * The controls of `screen`'s events. `send(event, payload, errorSlot)` reports
 * an event and resolves to an ApiProblem or null; `describe` words a problem.
 */
export function renderEventControls(screen, send) {
  const events = screen.events.filter((event) => !navigationEvents.has(event.name));
  if (events.length === 0) return h("p", { className: "hint" }, "This screen has no actions.");
  return h("div", { className: "events" }, events.map((event) => renderEvent(screen, event, send)));
}

/** A field's type and allowed values: a field is `"string"` or `{"type", "enum"}`. */
function fieldSpec(field) {
  return typeof field === "string" ? { type: field, choices: null } : { type: field?.type || "string", choices: field?.enum || null };
}

function renderEvent(screen, event, send) {
  const fields = Object.entries(event.fields || {});
  const slot = h("p", { className: "problem", role: "alert", hidden: true });
  const wrapper = h("div", { className: "event", "data-event-block": event.name });
  if (fields.length === 1 && fieldSpec(fields[0][1]).choices) {
    wrapper.append(renderChoices(event, fields[0][0], fieldSpec(fields[0][1]).choices, send, slot), slot);
    return wrapper;
  }
  if (fields.length === 0) {
    const button = h("button", { type: "button", className: "event-button", "data-event": event.name }, humanize(event.name));
    button.addEventListener("click", () => send(event.name, undefined, { slot, button }));
    wrapper.append(button, slot);
    return wrapper;
  }
  const formId = `form-${screen.id}-${event.name}`;
  const toggle = h(
    "button",
    { type: "button", className: "event-button", "data-event": event.name, "aria-expanded": "false", "aria-controls": formId },
    `${humanize(event.name)}…`,
  );
  const inputs = fields.map(([name, field]) => fieldInput(formId, name, fieldSpec(field), screen.params?.[name]));
  const form = h(
    "form",
    { id: formId, className: "event-form", hidden: true, novalidate: true, "data-event-form": event.name },
    inputs.map((input) => input.row),
    h("button", { type: "submit", className: "primary", "data-submit": event.name }, `Send ${humanize(event.name).toLowerCase()}`),
  );
  toggle.addEventListener("click", () => {
    form.hidden = !form.hidden;
    toggle.setAttribute("aria-expanded", String(!form.hidden));
    if (!form.hidden) inputs[0]?.control.focus();
  });
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
    if (valid) send(event.name, payload, { slot, button: form.querySelector("[type=submit]"), fields: inputs });
  });
  wrapper.append(toggle, form, slot);
  return wrapper;
}

/** One button per allowed value: a tap sends the event with that value. */
function renderChoices(event, name, choices, send, slot) {
  const label = `${humanize(event.name)} ${humanize(name).toLowerCase()}`;
  const buttons = choices.map((value) => {
    const button = h("button", { type: "button", className: "event-button choice", "data-event-choice": event.name, "data-choice": value }, value);
    button.addEventListener("click", () => send(event.name, { [name]: value }, { slot, button }));
    return button;
  });
  return h("div", { className: "choices", role: "group", "aria-label": label }, h("span", { className: "choices-label" }, `${label}:`), buttons);
}

/** A labelled input for one payload field, with its own error line. */
function fieldInput(formId, name, { type, choices }, current) {
  const id = `${formId}-${name}`;
  const errorId = `${id}-error`;
  const error = h("span", { id: errorId, className: "field-error", hidden: true });
  const common = { id, name, "data-field": name, "aria-describedby": errorId };
  let control;
  let read;
  switch (choices ? "choices" : type) {
    case "choices":
      control = h("select", common, choices.map((value) => h("option", { value, selected: value === current }, value)));
      read = () => ({ value: control.value });
      break;
    case "number":
      control = h("input", { ...common, type: "number", step: "any", inputMode: "decimal", value: typeof current === "number" ? current : "" });
      read = () => (control.value === "" ? { value: null } : { value: Number(control.value) });
      break;
    case "boolean":
      control = h("input", { ...common, type: "checkbox", checked: current === true });
      read = () => ({ value: control.checked });
      break;
    case "object":
    case "array":
      control = h("textarea", { ...common, rows: 3, spellcheck: false, placeholder: type === "object" ? "{}" : "[]" });
      control.value = current !== undefined && current !== null ? JSON.stringify(current) : "";
      read = () => {
        try {
          return { value: JSON.parse(control.value || (type === "object" ? "{}" : "[]")) };
        } catch {
          return { error: "this is not valid JSON" };
        }
      };
      break;
    default: {
      const secret = /password|secret|pin|card/i.test(name);
      control = h("input", { ...common, type: secret ? "password" : "text", autocomplete: "off", value: typeof current === "string" ? current : "" });
      read = () => ({ value: control.value });
    }
  }
  const label = h("label", { htmlFor: id }, humanize(name), h("span", { className: "field-type" }, ` (${type})`));
  const row = h("div", { className: type === "boolean" ? "field field-boolean" : "field" }, label, control, error);
  const showError = (message) => {
    error.hidden = !message;
    error.textContent = message || "";
    control.setAttribute("aria-invalid", message ? "true" : "false");
  };
  return { name, control, row, read, showError };
}
