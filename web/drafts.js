// Half-typed forms across a redraw: what a person typed and has not sent
// yet. A new version of the session redraws the phone; fields of a screen
// that is still there get their text back, and what no longer has a place
// (the screen was replaced by another tab or client) is said, not wiped.

/** A field's text (or tick) differs from what the server put in it. */
function changed(control) {
  if (control.type === "checkbox") return control.checked !== control.defaultChecked;
  if (control.tagName === "SELECT") return [...control.options].some((option) => option.selected !== option.defaultSelected);
  return control.value !== control.defaultValue;
}

/** Every changed field of every form in `phone`, with what a person calls it. */
export function collectDrafts(phone) {
  const drafts = [];
  for (const control of phone.querySelectorAll("form[data-event-form] [data-field]")) {
    if (!changed(control)) continue;
    const form = control.form;
    const screen = control.closest("[data-screen-id]");
    drafts.push({
      screen: screen?.dataset.screenId,
      event: form.dataset.eventForm,
      field: control.dataset.field,
      value: control.type === "checkbox" ? control.checked : control.value,
      focused: document.activeElement === control,
      secret: control.type === "password",
      screenTitle: screen?.querySelector(".nav-title")?.textContent ?? "",
      formLabel: form.getAttribute("aria-label") ?? form.dataset.eventForm,
      fieldLabel: form.querySelector(`label[for="${CSS.escape(control.id)}"]`)?.textContent ?? control.dataset.field,
    });
  }
  return drafts;
}

/** Puts `drafts` back into the same fields of the redrawn phone; returns those with no field any more. */
export function restoreDrafts(phone, drafts) {
  const homeless = [];
  for (const draft of drafts) {
    const selector = `[data-screen-id="${CSS.escape(draft.screen)}"] form[data-event-form="${CSS.escape(draft.event)}"] [data-field="${CSS.escape(draft.field)}"]`;
    const control = phone.querySelector(selector);
    if (!control) {
      homeless.push(draft);
      continue;
    }
    if (control.type === "checkbox") control.checked = draft.value;
    else control.value = draft.value;
    if (draft.focused) control.focus({ preventScroll: true });
  }
  return homeless;
}

/** What was typed and not sent, in words; a secret is named, never repeated. */
export function describeDrafts(drafts) {
  const fields = drafts.map((draft) => (draft.secret ? `${draft.fieldLabel} (not shown)` : `${draft.fieldLabel}: “${draft.value}”`));
  const where = [...new Set(drafts.map((draft) => `${draft.formLabel} on ${draft.screenTitle}`))].join(", ");
  return `Another tab or client moved this session on, so what you typed in ${where} was not sent and its form is gone. You typed ${fields.join("; ")}.`;
}
