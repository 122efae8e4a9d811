// Playing by clicking: which cards some move plays, where the picked card can go on the board, why a
// card cannot be played, the dock (your hand and moves, a bar at the bottom on a phone), the move list
// and the last move's cards.

import { Notice, html, plural, seatName, useEffect, useRef } from "./ui.js";

/**
 * What clicking can do now: the cards some move plays, the board targets of the picked card's moves,
 * the moves the list shows (all, or the picked card's, or those at the target chosen) and why a card
 * cannot be played (the game's own reason when its module gives one).
 */
export function playing({ R, moves, picked, narrowed, view, seat, summary, toAct }) {
  const playable = new Set(moves.map((c) => R.cardOf(c)).filter((card) => card !== null));
  const mine = picked === null ? [] : moves.filter((c) => R.cardOf(c) === picked);
  const targets = new Map();
  for (const command of mine) {
    const target = R.targetOf(command);
    if (target === null) continue;
    if (!targets.has(target)) targets.set(target, []);
    targets.get(target).push(command);
  }
  // A game may ask for its cards' moves to be reached through the cards (on a phone: a short list, the hand above it).
  const viaCards = picked === null && R.cardFirst ? R.cardFirst(view, seat) : null;
  const shown = viaCards ? moves.filter((c) => !viaCards.has(R.cardOf(c)))
    : picked === null ? moves : narrowed !== null ? targets.get(narrowed) || [] : mine;
  const why = (card) => {
    if (!toAct.includes(seat)) return `Not your turn: waiting for ${toAct.map((s) => seatName(summary, s)).join(" and ") || "the game"}.`;
    return (R.whyNot && R.whyNot(card, view, seat)) || "No move plays this card now.";
  };
  return { playable, targets, shown, why };
}

/** Your hand, your moves and what the table tells you: one place, a bar at the bottom on a phone. */
export function Dock({ notice, hand, consent, controls }) {
  const box = useRef(null);
  useEffect(() => {
    const dock = box.current;
    if (!dock || !window.ResizeObserver) return undefined;
    const root = document.documentElement;
    const measure = () => {
      const fixed = getComputedStyle(dock).position === "fixed";
      root.style.setProperty("--dock", fixed ? `${dock.offsetHeight}px` : "0px");
    };
    const watch = new ResizeObserver(measure);
    watch.observe(dock);
    window.addEventListener("resize", measure);
    return () => { watch.disconnect(); window.removeEventListener("resize", measure); root.style.removeProperty("--dock"); };
  }, []);
  return html`<section class="dock" aria-label="Your hand and moves" ref=${box}>
    <${Notice} notice=${notice} />
    ${consent}
    ${hand ? html`<div class="dock-hand">${hand}</div>` : ""}
    ${controls}
  </section>`;
}

/** The cards the latest move names (a card played, stashed, taken), as data-card strings: the
 * newest card among the events of the last seat's latest command(s). */
export function lastCards(log) {
  const mover = log.length ? log[log.length - 1].seat : null;
  for (let i = log.length - 1; i >= 0 && log[i].seat === mover; i -= 1) {
    const event = log[i].event || {};
    if (typeof event.card === "number" && !TABLE_EVENTS.has(event.type)) return new Set([String(event.card)]);
  }
  return new Set();
}

const TABLE_EVENTS = new Set(["TableOpened", "SeatTaken", "Forked", "TakeBackRequested", "TakeBackApproved", "TakeBackRefused", "TakeBackLapsed"]);

/** `commands` by the game's group for each ("Moves" when it names none), in order. */
function grouped(R, commands) {
  const groups = new Map();
  for (const command of commands) {
    const name = R.group(command) || "Moves";
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(command);
  }
  return groups;
}

/** Your moves, grouped as the game groups them: `table` as you see it, your `clicks` (a picked card narrows them), `sending`. */
export function Controls({ table, clicks, sending }) {
  const { R, version, moves, describe, toAct, summary } = table;
  const { play: { shown, playable }, pick: { picked, clear } } = clicks;
  const { send, busy } = sending;
  if (!moves.length) {
    const waiting = toAct.length ? `Waiting for ${toAct.map((s) => seatName(summary, s)).join(" and ")}.` : "";
    return html`<section class="controls" aria-label="Your moves" data-version=${version} data-moves="0"><h2>Your moves</h2><p class="muted">${
      summary.status === "over" ? "The game is over." : waiting || "Nothing to do yet."}</p></section>`;
  }
  const groups = grouped(R, shown);
  const count = shown.length === moves.length ? `${moves.length}` : `${shown.length} of ${moves.length}`;
  return html`<section class="controls" aria-label="Your moves" data-version=${version} data-moves=${moves.length}>
    <h2>Your moves <span class="muted">(${count})</span></h2>
    ${picked === null && shown.length < moves.length ? html`<p class="via-cards"><strong>Tap a card in your hand</strong> for its ${
      plural(moves.length - shown.length, "move")}.</p>` : picked !== null ? html`<p class="muted">Showing the picked card's moves: click where it goes on the table, or a move here.${" "}
        <button type="button" class="linkish inline" onClick=${clear}>Show all</button></p>`
      : playable.size > 0 ? html`<p class="muted">Click a card, then where it goes; double-click a card with one move to play it.</p>` : ""}
    ${[...groups.entries()].map(([name, list]) => html`<fieldset key=${name}><legend>${name}</legend>
      ${list.map((command) => html`<button key=${JSON.stringify(command)} type="button" class="move" disabled=${busy}
        data-command=${JSON.stringify(command)} onClick=${() => send(command)}>${describe(command)}</button>`)}
    </fieldset>`)}
  </section>`;
}
