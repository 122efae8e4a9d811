// The replay's controls: first, back, play or pause, forward and last, the speed, where we are, and the
// slider over every step with the taken-back ranges marked along it.

import { html } from "../ui.js";
import { SPEEDS } from "./player.js";

export function Controls({ steps, player, ranges }) {
  const { list, at, last, entry } = steps;
  return html`<section class="replay-controls" aria-label="Replay controls">
    <div class="row">
      <button type="button" onClick=${player.first} aria-label="First version" title="First (Home)">|◀</button>
      <button type="button" onClick=${player.back} aria-label="Step back" title="Back (←)">◀</button>
      <button type="button" class="play" onClick=${player.toggle} aria-pressed=${player.playing ? "true" : "false"} title="Play or pause (space)">${player.playing ? "Pause" : "Play"}</button>
      <button type="button" onClick=${player.forward} aria-label="Step forward" title="Forward (→)">▶</button>
      <button type="button" onClick=${player.last} aria-label="Last version" title="Last (End)">▶|</button>
      <label for="speed">Speed</label>
      <select id="speed" value=${player.speed} onChange=${(e) => player.setSpeed(Number(e.target.value))}>
        ${SPEEDS.map(([name, ms]) => html`<option value=${ms}>${name}×</option>`)}
      </select>
      <span class="position" aria-live="polite">Version <strong class="shown-version">${at}</strong> of ${last}</span>
    </div>
    <div class="row">
      <label for="scrub" class="visually-hidden">Version</label>
      <input id="scrub" type="range" min=${list.length ? list[0] : 0} max=${last} step="1" value=${at}
        aria-valuetext=${entry ? `version ${at}: ${entry.description}` : `version ${at}`}
        onInput=${(e) => player.jump(Number(e.target.value))} />
    </div>
    <${Ticks} ranges=${ranges} steps=${list} />
  </section>`;
}

/** Where taken-back ranges lie along the slider (which runs over the versions themselves, from the
 * first step to the last; a version not stepped through shows the next one): a span each. */
function Ticks({ ranges, steps }) {
  if (!ranges.length || steps.length < 2) return "";
  const first = steps[0];
  const span = steps[steps.length - 1] - first;
  const place = (version) => Math.max(0, Math.min(100, (version - first) / span * 100));
  return html`<div class="ticks" aria-hidden="true">${ranges.map((range, i) => {
    const from = place(range.first);
    const to = place(range.last + 1);
    return html`<span key=${i} title=${`versions ${range.first}–${range.last} taken back`}
      style=${{ left: `${from}%`, width: `max(4px, ${Math.max(0, to - from)}%)` }}></span>`;
  })}</div>`;
}
