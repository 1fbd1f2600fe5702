// A tiny element builder: the client never writes HTML strings, so server
// data is always text, never markup, and the CSP needs no inline exceptions.

/**
 * Creates an element. `attributes` become properties for known ones
 * (`className`, `hidden`, `disabled`, ...) and attributes otherwise
 * (`data-*`, `aria-*`, `for`, ...). Children are nodes or strings.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name in element && !name.includes("-")) {
      element[name] = value;
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces every child of `element`. */
export function replaceChildren(element, ...children) {
  element.replaceChildren();
  append(element, children);
}

/** The element with `id`; throws when the page lacks it (a bug in index.html). */
export function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`index.html has no #${id}`);
  return element;
}
