// A seat you can't lose (docs/seats.md): the recovery code shown once when you sit down, and the
// form that gives your seat back with it when this browser (and every seat link) is gone.

import { Refusal, commandKey, gamePath, keepSeat, post } from "./api.js";
import { html, seatName, useState } from "./ui.js";

/** Post once with an Idempotency-Key, asking again on a lost answer (the same key: the same answer). */
async function once(path, body) {
  const headers = { "Idempotency-Key": commandKey() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await post(path, body, { headers });
    } catch (error) {
      if (!(error instanceof Refusal) || error.status !== 0 || attempt >= 2) throw error;
    }
  }
}

/** The recovery code this browser was just given, until the player says it is written down. */
export function RecoveryCode({ gameId, mine, setMine }) {
  if (!mine || !mine.recovery || mine.others) return "";
  const done = () => {
    const { recovery, ...seat } = mine;
    keepSeat(gameId, seat);
    setMine(seat);
  };
  return html`<section class="recovery-code card-panel" aria-labelledby="recovery-title">
    <h2 id="recovery-title">Your recovery code</h2>
    <p>If this browser is lost, this code gets your seat back on any device. Write it down or keep it
      somewhere safe: it is shown only now, and anyone who has it can take your seat.</p>
    <p class="code"><code>${mine.recovery}</code></p>
    <button type="button" onClick=${done}>I have kept it: hide it</button>
  </section>`;
}

/** "Lost your seat?": the recovery code typed in gives the seat back to this browser (and a new code). */
export function RecoverForm({ summary, onRecovered }) {
  const [code, setCode] = useState("");
  const [state, setState] = useState({ busy: false, error: "" });
  if (summary.status === "over" || summary.sandbox) return "";
  const submit = async (event) => {
    event.preventDefault();
    setState({ busy: true, error: "" });
    try {
      const back = await once(`${gamePath(summary.id)}/recover-seat`, { code: code.trim() });
      const name = seatName(back.game, back.seat);
      const seat = { seat: back.seat, token: back.token, name, recovery: back.recovery_code };
      keepSeat(summary.id, seat);
      setState({ busy: false, error: "" });
      onRecovered(seat, `Welcome back, ${name}: this browser holds your seat again, and every other device lost it. Your old recovery code no longer works: keep the new one.`);
    } catch (error) {
      const wrong = error instanceof Refusal && error.code === "auth/invalid_recovery_code";
      setState({ busy: false, error: wrong ? "That code belongs to no seat at this table (or was used already). Check it and try again." : error.message });
    }
  };
  return html`<details class="recover card-panel"><summary>Lost your seat? Get it back with your recovery code</summary>
    <form onSubmit=${submit}>
      <p>The code you were shown when you sat down gives your seat to this browser. Every other device
        holding it stops playing.</p>
      <label for="recovery-input">Recovery code</label>
      <input id="recovery-input" name="code" required autocomplete="off" spellcheck="false" autocapitalize="characters"
        value=${code} onInput=${(e) => setCode(e.target.value)} placeholder="ABCDE-FGHIJ-…" />
      <button type="submit" disabled=${state.busy}>Get my seat back</button>
      ${state.error ? html`<p class="notice error" role="alert">${state.error}</p>` : ""}
    </form>
  </details>`;
}
