// A short transition when the stack changes, chosen from the router calls
// that produced the new version (the history entries after the old one):
// push slides in, pop slides out, present raises a sheet, dismiss lowers it.

const kinds = [
  ["present", "rise"],
  ["dismiss", "sink"],
  ["push", "push"],
  ["pop", "pop"],
  ["popToRoot", "pop"],
  ["setRoot", "fade"],
];

const duration = 280;

/** The transition for `entries`, or null when none of them moves a screen. */
export function transitionFor(entries) {
  const animated = entries.filter((entry) => entry.animated !== false);
  for (const [operation, kind] of kinds) {
    if (animated.some((entry) => entry.operation === operation)) return kind;
  }
  return null;
}

/**
 * The top layer and its screen as they are now: what leaves with a pop (the
 * screen) or a dismiss (the layer). Call before the phone is redrawn; the
 * transition is chosen after.
 */
export function snapshot(phone) {
  const layers = phone.querySelectorAll(".layer:not(.ghost)");
  const topLayer = layers[layers.length - 1] ?? null;
  return { topLayer, topScreen: topLayer?.querySelector(".screen") ?? null };
}

/** Runs `kind` on the redrawn phone; resolves when the motion is over. */
export function playTransition(kind, phone, before) {
  if (!kind || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return Promise.resolve();
  const outgoing = kind === "sink" ? before?.topLayer : kind === "pop" ? before?.topScreen : null;
  const layers = phone.querySelectorAll(".layer");
  const topLayer = layers[layers.length - 1];
  const moving = [];
  if (kind === "rise" || kind === "fade") moving.push([topLayer, `enter-${kind}`]);
  if (kind === "push") moving.push([topLayer?.querySelector(".screen"), "enter-push"]);
  if ((kind === "pop" || kind === "sink") && outgoing) {
    const ghost = kind === "pop" ? wrapScreen(outgoing, topLayer) : outgoing;
    ghost.inert = true;
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("ghost");
    phone.append(ghost);
    moving.push([ghost, `exit-${kind}`]);
  }
  const runs = moving
    .filter(([element]) => element)
    .map(
      ([element, className]) =>
        new Promise((resolve) => {
          const finish = () => {
            element.classList.remove(className);
            if (element.classList.contains("ghost")) element.remove();
            resolve();
          };
          element.addEventListener("animationend", finish, { once: true });
          setTimeout(finish, duration + 200);
          element.classList.add(className);
        }),
    );
  return Promise.all(runs);
}

/** A popped screen leaves inside a copy of its layer, so it keeps its frame. */
function wrapScreen(screen, layer) {
  const frame = document.createElement("div");
  frame.className = layer ? layer.className : "layer layer-root";
  frame.append(screen);
  return frame;
}
