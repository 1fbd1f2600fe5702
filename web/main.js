// The web client's page: wires the controls to the open session
// (session.js) and opens the session named in the URL, if any.

import * as api from "./api.js";
import { byId } from "./dom.js";
import { setUpInternals } from "./internals.js";
import { setUpLauncher, showLauncherProblem } from "./launcher.js";
import { compact } from "./phone-view.js";
import { checkForChanges, end, openLink, openSession, refresh, rerender, showMessage, startSession } from "./session.js";
import { describe } from "./problems.js";

/** `/?flow=app&link=/profile`: start a session of that flow that opens the link, as a tapped link would. */
async function startFromLink(url) {
  const flow = url.searchParams.get("flow");
  const link = url.searchParams.get("link");
  if (!flow || url.searchParams.get("session")) return;
  url.searchParams.delete("flow");
  url.searchParams.delete("link");
  window.history.replaceState(null, "", url);
  const message = await startSession(flow, undefined, link || undefined);
  if (message) showMessage(message);
}

async function main() {
  setUpInternals(() => rerender());
  compact.addEventListener("change", () => rerender());
  byId("link-form").addEventListener("submit", (submission) => {
    submission.preventDefault();
    openLink(byId("link-input").value.trim());
  });
  byId("refresh-session").addEventListener("click", () => refresh());
  byId("stale-refresh").addEventListener("click", () => refresh());
  byId("end-session").addEventListener("click", end);
  byId("draft-dismiss").addEventListener("click", () => {
    byId("draft-notice").hidden = true;
  });
  document.addEventListener("visibilitychange", checkForChanges);
  try {
    setUpLauncher(await api.listFlows(), startSession);
  } catch (problem) {
    showLauncherProblem(`The flows could not be loaded: ${describe(problem)}`);
  }
  await startFromLink(new URL(window.location.href));
  const id = new URL(window.location.href).searchParams.get("session");
  if (id) await openSession(id);
  document.body.dataset.ready = "true";
}

main();
