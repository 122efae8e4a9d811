// Your standing choices for reaction windows: be asked every time, let the table pass for you when
// none of your cards can answer, or let it pass for you in every window until your next turn. Only
// you see them; the table waits the same short pause either way.

import { call, get } from "../api.js";
import { html, useEffect, useState } from "../ui.js";

/** `windows`: whether the game opens reaction windows (its renderer says so); `version`: the table's,
 * to read the choice again while "until my next turn" stands (a turn of yours ends it). */
export function PassingChoice({ id, token, windows, now = false, version = 0 }) {
  const [choice, setChoice] = useState(null);
  const [problem, setProblem] = useState(null);
  const path = `/api/games/${encodeURIComponent(id)}/passing`;
  const until = choice?.passing === "until_turn";
  useEffect(() => {
    if (!token || !windows) return;
    get(path, { token }).then(setChoice).catch(() => setChoice(null));
  }, [path, token, windows, until ? version : 0]);
  if (!token || choice === null) return "";
  const choose = (wanted) => {
    setProblem(null);
    call("PUT", path, { token, body: { passing: wanted } })
      .then(setChoice)
      .catch((error) => setProblem(error.message));
  };
  const auto = choice.after === "auto";
  return html`<section class="passing card-panel" aria-label="Passing">
    <h2>When a window opens</h2>
    ${now ? html`<p class="passing-now" role="status">${until
      ? "You asked to pass until your next turn: the table passes for you in a moment."
      : "None of your cards can answer this window: the table passes for you in a moment."}</p>` : ""}
    <label class="passing-choice"><input type="checkbox" name="auto-pass" checked=${auto} onChange=${(e) => choose(e.target.checked ? "auto" : "ask")} />
      Pass for me when none of my cards can answer</label>
    <p class="muted">${auto
      ? "On: when a window opens and nothing in your hand can answer it, the table passes for you after the same short pause anyone's pass takes. When you can answer, you are asked."
      : "Off: you are asked every time a window opens, even when nothing in your hand can answer."}</p>
    <label class="passing-choice"><input type="checkbox" name="until-turn" checked=${until} onChange=${(e) => choose(e.target.checked ? "until_turn" : choice.after)} />
      Pass for me in every window until my next turn</label>
    <p class="muted">${until
      ? "On: the table passes for you in every window, even when a card of yours could answer, until your next turn begins; then the choice above holds again."
      : "Off: the choice above holds."} Nobody else can see these settings.</p>
    ${problem ? html`<p class="notice error" role="alert">${problem}</p>` : ""}
  </section>`;
}
