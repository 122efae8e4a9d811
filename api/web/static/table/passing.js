// Your standing choice for reaction windows: be asked every time, or let the table pass for you when
// none of your cards can answer. Only you see it; the table waits the same short pause either way.

import { call, get } from "../api.js";
import { html, useEffect, useState } from "../ui.js";

/** `windows`: whether the game opens reaction windows (its renderer says so). */
export function PassingChoice({ id, token, windows, now = false }) {
  const [passing, setPassing] = useState(null);
  const [problem, setProblem] = useState(null);
  const path = `/api/games/${encodeURIComponent(id)}/passing`;
  useEffect(() => {
    if (!token || !windows) return;
    get(path, { token }).then((answer) => setPassing(answer.passing)).catch(() => setPassing(null));
  }, [path, token, windows]);
  if (!token || passing === null) return "";
  const change = (event) => {
    const wanted = event.target.checked ? "auto" : "ask";
    setProblem(null);
    call("PUT", path, { token, body: { passing: wanted } })
      .then((answer) => setPassing(answer.passing))
      .catch((error) => setProblem(error.message));
  };
  return html`<section class="passing card-panel" aria-label="Passing">
    <h2>When a window opens</h2>
    ${now ? html`<p class="passing-now" role="status">None of your cards can answer this window: the table passes for you in a moment.</p>` : ""}
    <label class="passing-choice"><input type="checkbox" name="auto-pass" checked=${passing === "auto"} onChange=${change} />
      Pass for me when none of my cards can answer</label>
    <p class="muted">${passing === "auto"
      ? "On: when a window opens and nothing in your hand can answer it, the table passes for you after the same short pause anyone's pass takes. When you can answer, you are asked."
      : "Off: you are asked every time a window opens, even when nothing in your hand can answer."} Nobody else can see this setting.</p>
    ${problem ? html`<p class="notice error" role="alert">${problem}</p>` : ""}
  </section>`;
}
