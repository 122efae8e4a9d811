// The replay's options: jump to a turn or round, whose eyes to see through, whether to step through
// taken-back moves, and (once over) play on from here in a sandbox; and the keys, named.

import { gamePath, keepSeat, post } from "../api.js";
import { html } from "../ui.js";

export function Options({ game, timeline, steps, looking, player, setNotice }) {
  const { perspective, setPerspective, choices } = looking;
  return html`<section class="replay-options" aria-label="Replay options">
    <div class="row">
      <${JumpTo} marks=${timeline.marks} showReverted=${steps.showReverted} jump=${player.jump} rounds=${game.renderer.rounds} />
      <label for="perspective">Seen by</label>
      <select id="perspective" value=${perspective} onChange=${(e) => setPerspective(e.target.value)} disabled=${choices.length < 2}>
        ${choices.map((choice) => html`<option value=${choice.value}>${choice.label}</option>`)}
      </select>
      ${timeline.ranges.length ? html`<label class="check"><input type="checkbox" checked=${steps.showReverted}
        onChange=${(e) => steps.setShowReverted(e.target.checked)} /> Step through taken-back moves</label>` : ""}
      ${game.over ? html`<button type="button" class="secondary" onClick=${() => fork(game.id, steps.at, setNotice)}
        title="Open a new table from this position, holding every seat">Play on from here</button>` : ""}
      <span class="kbd"><kbd>←</kbd><kbd>→</kbd> step · <kbd>Space</kbd> play · <kbd>Home</kbd><kbd>End</kbd></span>
    </div>
  </section>`;
}

/** The rounds and turns to jump to (those taken back only while they are stepped through). */
function JumpTo({ marks, showReverted, jump, rounds }) {
  if (!marks.length) return "";
  return html`<label for="jump">Jump to</label>
    <select id="jump" value="" onChange=${(e) => { if (e.target.value) jump(Number(e.target.value)); }}>
      <option value="">turn or ${rounds.one}…</option>
      ${["round", "turn"].map((kind) => {
        const shown = marks.filter((mark) => mark.kind === kind && (showReverted || !mark.reverted));
        return shown.length ? html`<optgroup label=${kind === "round" ? rounds.many : "Turns"}>${shown.map((mark) =>
          html`<option value=${mark.version}>${mark.label} · v${mark.version}</option>`)}</optgroup>` : "";
      })}
    </select>`;
}

/** Fork the finished game at ``version`` into a sandbox table this browser holds every seat of. */
async function fork(id, version, setNotice) {
  try {
    const forked = await post(`${gamePath(id)}/fork`, { version });
    const others = forked.tokens.map((entry) => ({ seat: entry.seat, token: entry.token, name: entry.name }));
    keepSeat(forked.id, { ...others[0], others });
    location.assign(`/games/${encodeURIComponent(forked.id)}`);
  } catch (error) {
    setNotice({ kind: "error", text: error.message });
  }
}
