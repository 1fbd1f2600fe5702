"""Scripts the test runs in the page: what a person can see and touch, read from the DOM."""

FIND_CONTROLS = """
const [words, mode] = arguments;
const norm = (text) => text.replace(/\\s+/g, " ").trim();
return [...document.querySelectorAll("button, summary, [role=tab], a[href]")].filter((element) => {
  if (element.disabled || element.closest("[inert], [aria-hidden=true]") || !element.getClientRects().length) return false;
  const text = norm(element.innerText);
  return mode === "exact" ? text === words : mode === "starts" ? text.startsWith(words) : text.includes(words);
});
"""

FIND_FIELD = """
const words = arguments[0];
return [...document.querySelectorAll("#phone label, #launcher label, .session-bar label")]
  .filter((label) => label.innerText.trim() === words && label.control && !label.closest("[inert], [aria-hidden=true]") && label.getClientRects().length)
  .map((label) => label.control);
"""

# Why `element` is not fully visible where it is drawn, or null.
WHY_NOT_VISIBLE = """
const element = arguments[0];
const r = element.getBoundingClientRect();
const name = (node) => node ? (node.id ? "#" + node.id : node.className || node.tagName) : "nothing";
if (r.width < 1 || r.height < 1) return "it has no size";
if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
  return `it is outside the window (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)} in ${innerWidth}x${innerHeight})`;
// Boxes that clip it, up to the first fixed one (the boxes around that do not clip it).
for (let inner = element, box = element.parentElement; box && box !== document.body; inner = box, box = box.parentElement) {
  if (getComputedStyle(inner).position === "fixed") break;
  const style = getComputedStyle(box);
  const b = box.getBoundingClientRect();
  if (style.overflowY !== "visible" && (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)) return `it is cut off by ${name(box)}`;
  if (style.overflowX !== "visible" && (r.left < b.left - 0.5 || r.right > b.right + 0.5)) return `it is cut off by ${name(box)}`;
}
const x = r.left + r.width / 2;
for (const y of [r.top + Math.min(3, r.height / 2), r.top + r.height / 2, r.bottom - Math.min(3, r.height / 2)]) {
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === element || element.contains(hit))) return `it is covered by ${name(hit)}`;
}
return null;
"""

# Boxes in the phone that scroll on their own (a scroll box inside the scrolling page).
NESTED_SCROLLERS = """
return [...document.querySelectorAll("#phone *")].filter((element) => {
  const style = getComputedStyle(element);
  const scrolls = /(auto|scroll)/.test(style.overflowY + " " + style.overflowX);
  return scrolls && (element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1);
}).map((element) => element.className || element.tagName);
"""

# From now on, every transition class the page adds is recorded in window.recordedMotions.
RECORD_MOTIONS = """
window.recordedMotions = [];
const motions = (classes) => (classes || "").split(/\\s+/).filter((name) => /^(enter|exit)-/.test(name));
new MutationObserver((records) => {
  const first = new Map();
  for (const record of records) if (!first.has(record.target)) first.set(record.target, record.oldValue);
  for (const [target, oldValue] of first) {
    const before = motions(oldValue);
    window.recordedMotions.push(...motions(target.className).filter((name) => !before.includes(name)));
  }
}).observe(document.getElementById("phone"), { attributes: true, attributeFilter: ["class"], attributeOldValue: true, subtree: true });
"""
