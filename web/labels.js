// What a person reads for a screen, an event and a payload field. The server
// describes them (docs/api.md#the-session-document, "For people"): a screen's
// `title`, an event's `label` and `role`, a field's `label`, `description` and
// choices (`{"type": "string", "enum": [...], "labels": [...]}`). Whatever it
// leaves out falls back here, to the defaults the server itself uses: words
// made from the names. Every fallback lives in this file, so it shrinks as
// servers send more.

/** "selectProfile" → "Select profile", "open_settings" → "Open settings". */
export function humanize(name) {
  const words = String(name)
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `forgotPassword` → "Forgot password". */
export const screenTitle = (screen) => screen.title ?? humanize(screen.name);

/** `select` → "Select"; never "Send select". */
export const eventLabel = (event) => event.label ?? humanize(event.name);

// Roles by name, for events a flow did not give one.
const rolesByName = [
  [/^(cancel|close)$/i, "cancel"],
  [/^(delete|remove|archive|discard|logout|signOut)$/i, "destructive"],
  [/^(next|done|continue|submit|send|pay|save|confirm)$/i, "primary"],
];

/** `primary`, `destructive`, `cancel` or null (an ordinary action). */
export function eventRole(event) {
  if (event.role) return event.role;
  return rolesByName.find(([pattern]) => pattern.test(event.name))?.[1] ?? null;
}

// The members of a list item that name it, best first.
const nameKeys = ["label", "title", "name", "subject"];

/** The words that name a list item (`{id, name}` → its name), or null. */
export function itemName(item) {
  const key = nameKeys.find((candidate) => typeof item?.[candidate] === "string" && item[candidate] !== "");
  return key ? item[key] : null;
}

/**
 * A payload field as a person fills it in: `{type, label, description,
 * choices, secret}`, where `choices` is null or `[{value, label}]` and
 * `secret` says the server never keeps its value (a password). A field without
 * an `enum` whose values are the ids of a list in the screen's params (field
 * `mailbox`, params `mailboxes: [{id, name}]`) gets that list as its choices,
 * as the server builds them; a server that sends them wins.
 */
export function fieldOf(name, field, params) {
  const spec = typeof field === "string" ? { type: field } : (field ?? {});
  const type = spec.type || "string";
  let choices = null;
  if (Array.isArray(spec.enum)) {
    choices = spec.enum.map((value, index) => ({ value, label: spec.labels?.[index] ?? String(value) }));
  } else if (type === "string") {
    choices = choicesFromParams(name, params);
  }
  return { name, type, label: spec.label ?? humanize(name), description: spec.description ?? null, choices, secret: spec.secret === true };
}

function choicesFromParams(name, params) {
  const list = params?.[`${name}s`] ?? params?.[`${name}es`];
  if (!Array.isArray(list) || list.length === 0) return null;
  if (!list.every((item) => typeof item?.id === "string")) return null;
  return list.map((item) => ({ value: item.id, label: itemName(item) ?? item.id }));
}
