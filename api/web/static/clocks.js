// Bot seats and turn clocks: the lobby's fields for them, and the table's countdown.
// A clock answer ({kind, deadlines: [{seat, at}], left, since}) never goes stale: each seat's time
// is counted down here from when the wait began.

import { html, placeOf, seatName, useEffect, useState } from "./ui.js";

const LEVELS = { 1: "easy", 2: "medium", 3: "hard" };
const POLICIES = [["", "a person"], ["random", "random bot (plays any legal move)"], ["greedy", "greedy bot (takes the best move now)"],
  ...Object.entries(LEVELS).map(([level, word]) => [`ismcts:${level}`, `thinking bot, ${word}${level === "3" ? " (slowest)" : ""}`])];
const TIMEOUTS = [["move", "the referee plays a move"], ["bot", "a bot takes over the seat"], ["forfeit", "the seat forfeits"]];
const CLOCKS = {
  none: null,
  move60: { kind: "move", seconds: 60 },
  seat300: { kind: "seat", seconds: 300, increment: 5 },
};

/** The lobby's fields: who plays each seat after the creator's (the first), and the table's clock.
 * Seats without a player yet are told by their place ("Second seat"), never by a number: the pages
 * name players, and the API numbers seats from 0. */
export function SeatingFields({ seats, bots, setBots, clock, setClock, timeout = "move", setTimeout: setRule = () => {} }) {
  const others = Array.from({ length: Math.max(0, seats - 1) }, (_, i) => i + 1);
  return html`<details class="options seating"><summary>Bots and clock</summary>
    ${others.map((seat) => html`<label key=${seat} for=${`bot-${seat}`}>${placeOf(seat)}</label>
      <select id=${`bot-${seat}`} value=${bots[seat] || ""} onChange=${(e) => setBots({ ...bots, [seat]: e.target.value })}>
        ${POLICIES.map(([value, text]) => html`<option value=${value}>${text}</option>`)}
      </select>`)}
    <label for="clock">Clock</label>
    <select id="clock" value=${clock} onChange=${(e) => setClock(e.target.value)}>
      <option value="none">no clock</option>
      <option value="move60">60 s a move</option>
      <option value="seat300">5 min a seat, +5 s a move</option>
    </select>
    ${CLOCKS[clock] ? html`<label for="clock-timeout">When time runs out</label>
    <select id="clock-timeout" value=${timeout} onChange=${(e) => setRule(e.target.value)}>
      ${TIMEOUTS.map(([value, text]) => html`<option value=${value}>${text}</option>`)}
    </select>` : ""}
  </details>`;
}

/** The request body's part for bots and clock (the creator takes seat 1, the first open one). */
export function seatingBody(bots, clock, timeout = "move") {
  const chosen = Object.entries(bots).filter(([, policy]) => policy).map(([seat, chosenPolicy]) => {
    const [policy, level] = chosenPolicy.split(":");
    return { seat: Number(seat), policy, ...(level ? { level: Number(level) } : {}) };
  });
  return { ...(chosen.length ? { bots: chosen } : {}), ...(CLOCKS[clock] ? { clock: { ...CLOCKS[clock], timeout } } : {}) };
}

/** " · bot" after a seat a bot plays (standing in for an absent player, or from the start). */
export function botMark(entry) {
  if (!entry.bot) return "";
  const kind = `${entry.bot.policy === "ismcts" ? "thinking" : entry.bot.policy} bot, ${LEVELS[entry.bot.level] || `level ${entry.bot.level}`}`;
  return html` <span class="bot-mark">${entry.bot.standing_in ? `bot standing in (${kind})` : "bot"}</span>`;
}

/** The seats the page asks to move: never one that forfeited on time (its bot plays on, unasked). */
export function stillAsked(toAct, summary) {
  const out = (summary && summary.forfeited) || [];
  return (toAct || []).filter((seat) => !out.includes(seat));
}

/** " · forfeited" after a seat that forfeited on time. */
export function forfeitMark(summary, seat) {
  return (summary.forfeited || []).includes(seat) ? html` <span class="forfeit-mark">forfeited on time</span>` : "";
}

/** Each waited-for seat's time left, and the open reaction window's, counting down to the second:
 * every reader is given the same deadlines, so every seat sees the same countdown. At zero it says
 * what happens next (the referee acts at once), so nobody is surprised when it does. */
export function Clock({ clock, closes, summary, window: windowSeconds = null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!clock && !closes) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [clock, closes]);
  if (!clock && !closes) return "";
  // Never above the limit: a browser whose clock runs behind the server's would otherwise count from
  // 1:01 on a 60 s clock. Each wait is as long as its deadline is after the wait began (the clock's
  // `since`); a window is as long as the game's renderer says its windows are.
  const since = clock && clock.since ? new Date(clock.since).getTime() : null;
  const limit = (at) => (since === null ? Infinity : Math.max(0, Math.round((new Date(at).getTime() - since) / 1000)));
  const left = (at, most = limit(at)) => Math.min(most, Math.max(0, Math.ceil((new Date(at).getTime() - now) / 1000)));
  const windowLeft = closes ? left(closes, windowSeconds ?? Infinity) : 0;
  const asked = clock ? clock.deadlines.filter((d) => !(summary.forfeited || []).includes(d.seat)) : [];
  const upOn = asked.filter((d) => left(d.at) === 0).map((d) => seatName(summary, d.seat));
  return html`<div class="clocks" role="timer" aria-label="Time left">
    ${closes ? html`<p class="clock window-clock">Reaction window closes in${" "}<span class=${`countdown ${windowLeft <= 10 ? "low" : ""}`}>${formatSeconds(windowLeft)}</span>${
      windowLeft === 0 ? html` <strong class="time-up">Time is up: the referee passes for everyone still asked.</strong>`
        : html` <span class="muted">— then the referee passes for everyone still asked</span>`}</p>` : ""}
    ${clock ? html`<p class="clock" aria-label="Clock">${clock.kind === "move" ? "Time to move" : "Clocks"}:
    ${asked.map((d) => html` <span key=${d.seat} class=${`countdown ${left(d.at) <= 10 ? "low" : ""}`}>
      ${seatName(summary, d.seat)} ${formatSeconds(left(d.at))}</span>`)}
    ${clock.kind === "seat" ? clock.left.map((seconds, seat) => clock.deadlines.some((d) => d.seat === seat) ? ""
      : html` <span key=${`s${seat}`} class="countdown idle">${seatName(summary, seat)} ${formatSeconds(Math.floor(seconds))}</span>`) : ""}
    ${upOn.length ? html` <strong class="time-up">Time is up for ${upOn.join(" and ")}: the referee ${
      clock.timeout === "forfeit" ? "records the forfeit" : "plays for them"} now.</strong>` : ""}
  </p>` : ""}</div>`;
}

function formatSeconds(total) {
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, "0")}`;
}
