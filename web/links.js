// Deep links in the session bar: the open session's flow's link patterns as
// one-tap choices (a pattern with a `{value}` fills the field for the rest),
// the "Open link" field suggesting only those, and the link the coordinators
// hold until they can follow it (after login).

import { byId, h, replaceChildren } from "./dom.js";

/** Shows `flow`'s links (`GET /v1/flows`); `open(link)` opens one in the session. */
export function renderLinks(flow, open) {
  const links = flow?.links ?? [];
  const input = byId("link-input");
  input.placeholder = links[0]?.pattern ?? "/";
  replaceChildren(byId("link-suggestions"), links.map((link) => h("option", { value: link.pattern.replace(/\{.*$/, "") }, link.description)));
  const buttons = links.map((link) => {
    const complete = !link.pattern.includes("{");
    const prefix = link.pattern.replace(/\{.*$/, "");
    const button = h("button", { type: "button", className: "link-choice", title: link.description, "data-link": link.pattern }, complete ? link.pattern : `${prefix}…`);
    button.addEventListener("click", () => {
      if (complete) {
        open(link.pattern);
      } else {
        input.value = prefix;
        input.focus();
      }
    });
    return button;
  });
  replaceChildren(byId("link-choices"), buttons);
}

/** Shows the link the coordinators hold until they can follow it (after login). */
export function renderPendingLink(document) {
  const pending = document?.pendingLink;
  byId("pending-link").hidden = !pending;
  byId("pending-link-value").textContent = pending || "";
}

export function showLinkProblem(text) {
  byId("link-problem").hidden = !text;
  byId("link-problem").textContent = text || "";
  byId("link-input").setAttribute("aria-invalid", text ? "true" : "false");
}
