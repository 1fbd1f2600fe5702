// Where things are on screen across a redraw: a key that finds an
// element's twin in the new drawing (to keep focus and scroll), and a new
// screen's top brought into view without moving anything else.

const esc = (value) => CSS.escape(String(value));

/** A selector for the twin of `element` (inside `within`, if given) after a redraw, or null. */
export function keyOf(element, within = null) {
  if (!element || !element.closest || (within && !within.contains(element))) return null;
  if (element.dataset.tab) return `[data-tab="${esc(element.dataset.tab)}"]`;
  const screen = element.closest("[data-screen-id]");
  if (!screen) return null;
  const scope = `[data-screen-id="${esc(screen.dataset.screenId)}"]`;
  const data = element.dataset;
  if (data.eventChoice) return `${scope} [data-event-choice="${esc(data.eventChoice)}"][data-choice="${esc(data.choice)}"]`;
  if (data.event) return `${scope} [data-event="${esc(data.event)}"]`;
  if (data.submit) return `${scope} [data-submit="${esc(data.submit)}"]`;
  if (data.field && element.form) return `${scope} form[data-event-form="${esc(element.form.dataset.eventForm)}"] [data-field="${esc(data.field)}"]`;
  if (element.classList.contains("screen-body")) return `${scope} .screen-body`;
  return null;
}

/** The live screens, as one string: it changes when a screen is pushed, popped, presented or replaced. */
export const screensShown = (phone) => [...phone.querySelectorAll(".screen-active")].map((screen) => screen.dataset.screenId).join(" ");

/**
 * A new screen starts at its top, as on a phone: when the page is scrolled
 * past the top of the screen, it is scrolled back to it (and no further).
 * With `focus`, the new screen's title takes the focus, for screen readers.
 */
export function revealScreenTop(phone, { focus = false } = {}) {
  const layers = phone.querySelectorAll(".layer:not(.ghost)");
  const titles = layers[layers.length - 1]?.querySelectorAll(".screen-active .nav-title") ?? [];
  const title = titles[titles.length - 1];
  if (focus && title) title.focus({ preventScroll: true });
  if (phone.getBoundingClientRect().top < 0) phone.scrollIntoView({ block: "start" });
}

/** Where `element` is on screen now (its top), to keep its twin there after a redraw. */
export const placeOf = (element) => element?.getBoundingClientRect().top ?? null;

/**
 * Keeps the control a person just tapped under their finger when the screen
 * changed in place: text that appeared above it (a result, an error) scrolls
 * the page or the screen instead of pushing the control away.
 */
export function keepInPlace(phone, key, top) {
  const twin = key && top !== null ? phone.querySelector(key) : null;
  if (!twin) return;
  const delta = twin.getBoundingClientRect().top - top;
  if (Math.abs(delta) < 1) return;
  let box = twin.parentElement;
  while (box && box !== phone && !(/(auto|scroll)/.test(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight)) box = box.parentElement;
  (box && box !== phone ? box : document.scrollingElement).scrollBy(0, delta);
}
