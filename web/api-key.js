// The server's API key, when it was started with one (`--api-key`): asked for
// in the page on the first 401, kept for this tab only (sessionStorage, so a
// reload keeps it and closing the tab forgets it), and never put in the URL
// or localStorage. api.js sends it as `Authorization: Bearer <key>`.

import { byId } from "./dom.js";

const storageName = "navigation-server.api-key";
// Where the key lives when the browser refuses sessionStorage (then a reload asks again).
let keyInMemory = null;
// The key form while it is open: a promise of the key the person enters.
let openPrompt = null;

/** The key this tab uses, or null when none was entered. */
export function currentKey() {
  try {
    return window.sessionStorage.getItem(storageName);
  } catch {
    return keyInMemory;
  }
}

function storeKey(key) {
  keyInMemory = key;
  try {
    if (key === null) window.sessionStorage.removeItem(storageName);
    else window.sessionStorage.setItem(storageName, key);
  } catch {
    // Private modes may refuse storage; the key then lasts until a reload.
  }
}

/**
 * The key to retry with after the server answered 401 to a request that sent
 * `sentKey` (null: none). When another request already got a newer key, that
 * one; otherwise the sent key is dropped and the person is asked (once, however
 * many requests are waiting), told plainly when the key they gave was wrong.
 */
export function keyAfterRefusal(sentKey) {
  const stored = currentKey();
  if (stored !== null && stored !== sentKey) return Promise.resolve(stored);
  if (stored !== null) storeKey(null);
  if (!openPrompt) {
    openPrompt = askForKey(sentKey !== null).finally(() => {
      openPrompt = null;
    });
  }
  return openPrompt;
}

/** Shows the key form; resolves with the entered key, stored for the tab. */
function askForKey(previousWasWrong) {
  const panel = byId("api-key-panel");
  const form = byId("api-key-form");
  const input = byId("api-key-input");
  const message = byId("api-key-message");
  const explanation = "This server needs an API key: the one it was started with (--api-key or NAVIGATION_API_KEY). It is kept for this tab only.";
  const showMessage = (text) => {
    message.textContent = text;
    message.classList.toggle("problem", text !== explanation);
    input.setAttribute("aria-invalid", text === explanation ? "false" : "true");
  };
  showMessage(previousWasWrong ? "The server did not accept that key. Check it and enter it again." : explanation);
  input.value = "";
  panel.hidden = false;
  input.focus();
  return new Promise((resolve) => {
    const submit = (submission) => {
      submission.preventDefault();
      const key = input.value.trim();
      // The server's keys are visible ASCII without spaces; anything else
      // could not even be sent in a header.
      if (!/^[\x21-\x7e]+$/.test(key)) {
        showMessage(key === "" ? "Enter the key first." : "An API key has only visible ASCII characters, without spaces.");
        input.focus();
        return;
      }
      form.removeEventListener("submit", submit);
      input.value = "";
      panel.hidden = true;
      storeKey(key);
      resolve(key);
    };
    form.addEventListener("submit", submit);
  });
}
