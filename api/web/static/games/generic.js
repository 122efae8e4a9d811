// The generic renderer: any view as structured data, any legal command as a labelled button.
// Every game's module may replace Board, label and group; what it leaves out comes from here.

import { html, DataTree } from "../ui.js";

export function Board({ view }) {
  if (!view) return html`<p class="muted">The game has not started yet.</p>`;
  return html`<div class="generic-board"><${DataTree} value=${view} /></div>`;
}

function words(text) {
  return String(text).replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
}

/** "Play card: card 4, switch party" — the command's type and fields, in words. */
export function label(command) {
  const { type, ...fields } = command;
  const parts = Object.entries(fields)
    .filter(([, value]) => value !== null && value !== false)
    .map(([key, value]) => (value === true ? words(key) : `${words(key)} ${Array.isArray(value) ? value.join("/") : value}`));
  const head = words(type || "command");
  const sentence = head.charAt(0).toUpperCase() + head.slice(1);
  return parts.length ? `${sentence}: ${parts.join(", ")}` : sentence;
}

/** The heading a command is listed under (null: the default group). */
export function group() {
  return null;
}

/** The card a command is about, when it names one (used to filter by the picked card). */
export function cardOf(command) {
  return typeof command.card === "number" ? command.card : null;
}

/** Where on the board a command puts its card (a key the board's targets use); none by default. */
export function targetOf() {
  return null;
}

/** Why a card has no move now, in the game's words; null gives the table's own sentence. */
export function whyNot() {
  return null;
}

/** Whether the game opens reaction windows (a seat asked to answer out of turn, which may let the
 * table pass for it when none of its cards can answer): the table then offers that standing choice. */
export const windows = false;

/** How long a reaction window stays open, in seconds (null: the game opens none). */
export const windowSeconds = null;

/** What the game calls its rounds (the replay's jumps): a round's name from its number and the event
 * that opened it, and the word for one and for the list. */
export const rounds = { name: (round) => `Round ${round}`, one: "round", many: "Rounds" };

/** How to play, in short: the goal, a turn, how it ends (null: the table shows the catalogue's summary). */
export const howToPlay = null;
