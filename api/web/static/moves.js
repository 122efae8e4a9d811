// Playing by clicking: which cards some move plays, where the picked card can go on the board, why a
// card cannot be played, the dock (your hand and moves, a bar at the bottom on a phone), the move list
// and the last move's cards.

import { Notice, html, plural, seatName, useEffect, useRef, useState } from "./ui.js";

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
  const viaCards = picked === null ? throughCards(R, moves, view, seat) : null;
  const shown = viaCards ? moves.filter((c) => !viaCards.has(R.cardOf(c)))
    : picked === null ? moves : narrowed !== null ? targets.get(narrowed) || [] : mine;
  const why = (card) => {
    if (!toAct.includes(seat)) return `Not your turn: waiting for ${toAct.map((s) => seatName(summary, s)).join(" and ") || "the game"}.`;
    return (R.whyNot && R.whyNot(card, view, seat)) || "No move plays this card now.";
  };
  return { playable, targets, shown, why };
}

/** The cards whose moves are reached through the card rather than listed (`null`: none), as the game
 * asks (`R.cardFirst`: on a phone, so that the list stays short and the hand sits above it). */
function throughCards(R, moves, view, seat) {
  return R.cardFirst ? R.cardFirst(view, seat, moves) : null;
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

/** No list offers more move buttons at once than this (issue 48): longer choices are reached through
 * what they act on (the map, a card in hand) or picked card by card, then confirmed. */
export const MOST_BUTTONS = 30;

/**
 * The moves `shown` as a short list, never more than MOST_BUTTONS buttons: each multi-card choice
 * (`R.together`: a sneak of one or two factions, a mudslinging's issues) is one button that opens a
 * chooser; when still too many, the moves a tap on the board makes (`R.onBoard`) are left to the board,
 * then the moves of a card in your hand to the card; what is still over is paged ("More moves"). With a
 * card `picked`, only the choosers of parts drawn in the chooser itself (`own`) gather its moves.
 */
export function shortList(R, shown, moves, picked = null) {
  const choosers = new Map();
  let buttons = [];
  for (const command of shown) {
    const part = R.together ? R.together(command) : null;
    if (!part || (picked !== null && !part.own)) { buttons.push(command); continue; }
    if (!choosers.has(part.key)) choosers.set(part.key, { ...part, commands: [] });
    choosers.get(part.key).commands.push(command);
  }
  const room = () => MOST_BUTTONS - choosers.size;
  let board = [];
  let cards = [];
  if (picked === null && buttons.length > room() && R.onBoard) {
    board = buttons.filter((c) => R.onBoard(c, moves));
    buttons = buttons.filter((c) => !R.onBoard(c, moves));
  }
  if (picked === null && buttons.length > room()) {
    cards = buttons.filter((c) => R.cardOf(c) !== null);
    buttons = buttons.filter((c) => R.cardOf(c) === null);
  }
  return { buttons, choosers: [...choosers.values()], board, cards };
}

/** The chooser of a multi-card move: pick its parts one by one (cards in your hand, or the parts it
 * draws itself when `own`), then confirm. */
function Chooser({ chooser, chosen, setChosen, setNotice, describe, send, busy, cancel }) {
  const exact = chooser.commands.find((c) => sameCards(chooser.cardsOf(c), chosen));
  const what = chooser.unit ? `${chooser.unit}s` : "cards";
  return html`<fieldset class="chooser" aria-label=${chooser.title}><legend>${chooser.title}</legend>
    <p>${chosen.length ? html`Chosen: <strong>${chosen.map(chooser.name).join(" + ")}</strong>. ` : ""}${
      `${chooser.hint.charAt(0).toUpperCase()}${chooser.hint.slice(1)}, then confirm; dimmed ${what} say why they cannot join.`}</p>
    ${chooser.own ? html`<${Parts} chooser=${chooser} chosen=${chosen} setChosen=${setChosen} setNotice=${setNotice} busy=${busy} />` : ""}
    <button type="button" class="confirm" disabled=${busy || !exact} data-command=${exact ? JSON.stringify(exact) : undefined}
      onClick=${() => exact && send(exact)}>${exact ? describe(exact) : `Pick ${chooser.own ? `a ${chooser.unit}` : "a card in your hand"}`}</button>
    <button type="button" class="linkish inline" onClick=${cancel}>Cancel</button>
  </fieldset>`;
}

/** The parts a chooser draws itself (a mudslinging's issues), each a toggle; those that cannot join the
 * chosen ones are dimmed and say why on their face. */
function Parts({ chooser, chosen, setChosen, setNotice, busy }) {
  const { open, why } = choosing(chooser, chosen);
  const onChoose = toggling({ chosen, setChosen, setNotice, open, why });
  const all = [...new Set(chooser.commands.flatMap(chooser.cardsOf))].sort((a, b) => a - b);
  return html`<div class="parts" role="group" aria-label=${`${chooser.unit}s`}>${all.map((part) => {
    const dim = !open.has(part);
    return html`<button type="button" key=${part} class=${`part${dim ? " unplayable" : ""}`} data-part=${part} disabled=${busy}
      aria-pressed=${chosen.includes(part) ? "true" : "false"} onClick=${() => onChoose(part)}>${chooser.name(part)}${
      dim ? html`<span class="why">${why(part)}</span>` : ""}</button>`;
  })}</div>`;
}

/** A tap on a chooser's part: it joins the chosen ones when it may, leaves them when chosen, else says why. */
export function toggling({ chosen, setChosen, setNotice, open, why }) {
  return (part) => {
    if (chosen.includes(part)) { setChosen(chosen.filter((c) => c !== part)); setNotice(null); return; }
    if (!open.has(part)) { setNotice({ kind: "error", text: why(part) }); return; }
    setNotice(null);
    setChosen([...chosen, part]);
  };
}

const sameCards = (a, b) => a.length === b.length && [...a].sort().every((card, i) => card === [...b].sort()[i]);

/** While a chooser is open: the cards that may join the chosen ones (or leave them), and why a card may not. */
export function choosing(chooser, chosen) {
  const open = new Set(chosen);
  for (const command of chooser.commands) {
    const cards = chooser.cardsOf(command);
    if (chosen.every((card) => cards.includes(card))) for (const card of cards) open.add(card);
  }
  const most = Math.max(...chooser.commands.map((c) => chooser.cardsOf(c).length));
  const why = (card) => (chosen.length >= most ? `${chooser.title} takes at most ${plural(most, chooser.unit || "card")}${
    chooser.most ? ` ${chooser.most}` : ""}: put one back first.`
    : chooser.why(card, chosen));
  return { open, why };
}

/** Your moves, grouped as the game groups them: `table` as you see it, your `clicks` (a picked card narrows them), `sending`. */
export function Controls({ table, clicks, sending }) {
  const { R, version, moves, describe, toAct, summary } = table;
  const { setNotice, play: { shown: all, playable }, pick: { picked, clear, chooser, chosen, setChosen, setChooser } } = clicks;
  const { send, busy } = sending;
  const [page, setPage] = useState(0);
  const box = useRef(null);
  useEffect(() => showPicked(box.current), [picked]);
  if (chooser) {
    return html`<section class="controls" aria-label="Your moves" data-version=${version} data-moves=${moves.length}>
      <h2>Your moves</h2>
      <${Chooser} chooser=${chooser} chosen=${chosen} setChosen=${setChosen} setNotice=${setNotice} describe=${describe} send=${send} busy=${busy} cancel=${() => setChooser(null)} />
    </section>`;
  }
  // A picked card's moves are few (its sneaks are at most a hand's worth): they are listed as they are,
  // but for the choosers that draw their own parts (a mudslinging's issues).
  const short = shortList(R, all, moves, picked);
  const paged = short.buttons.length > MOST_BUTTONS - short.choosers.length;
  const room = MOST_BUTTONS - short.choosers.length - (paged ? 1 : 0);
  const pages = paged ? Math.ceil(short.buttons.length / room) : 1;
  const shown = paged ? short.buttons.slice((page % pages) * room, (page % pages + 1) * room) : short.buttons;
  if (!moves.length) {
    const waiting = toAct.length ? `Waiting for ${toAct.map((s) => seatName(summary, s)).join(" and ")}.` : "";
    return html`<section class="controls" aria-label="Your moves" data-version=${version} data-moves="0"><h2>Your moves</h2><p class="muted">${
      summary.status === "over" ? "The game is over." : waiting || "Nothing to do yet."}</p></section>`;
  }
  const groups = grouped(R, shown);
  const count = all.length === moves.length ? `${moves.length}` : `${all.length} of ${moves.length}`;
  const elsewhere = [
    short.board.length ? html`<strong>Tap a lit ${R.places || "place"} on the board</strong> for ${plural(short.board.length, "move")}` : "",
    short.cards.length ? html`<strong>tap a card in your hand</strong> for ${plural(short.cards.length, "move")}` : "",
  ].filter(Boolean);
  return html`<section class="controls" aria-label="Your moves" data-version=${version} data-moves=${moves.length} ref=${box}>
    <h2>Your moves <span class="muted">(${count})</span></h2>
    ${picked === null && all.length < moves.length ? html`<p class="via-cards"><strong>Tap a card in your hand</strong> for its ${
      plural(moves.length - all.length, "move")}.</p>` : picked !== null ? html`<p class="muted">Showing the picked card's moves: click where it goes on the table, or a move here.${" "}
        <button type="button" class="linkish inline" onClick=${clear}>Show all</button></p>`
      : playable.size > 0 ? html`<p class="muted">Click a card, then where it goes; double-click a card with one move to play it.</p>` : ""}
    ${elsewhere.length ? html`<p class="elsewhere">${elsewhere.map((part, i) => html`${i ? "; " : ""}${part}`)}.</p>` : ""}
    ${short.choosers.map((chooser) => html`<fieldset key=${chooser.key}><legend>${chooser.group}</legend>
      <button type="button" class="choose" data-own=${chooser.own ? "parts" : undefined} disabled=${busy} onClick=${() => setChooser(chooser)}>${chooser.title}…
        <span class="muted">(${chooser.hint})</span></button></fieldset>`)}
    ${[...groups.entries()].map(([name, list]) => html`<fieldset key=${name}><legend>${name}</legend>
      ${list.map((command) => html`<button key=${JSON.stringify(command)} type="button" class="move" disabled=${busy}
        data-command=${JSON.stringify(command)} onClick=${() => send(command)}>${describe(command)}</button>`)}
    </fieldset>`)}
    ${paged ? html`<button type="button" class="more" onClick=${() => setPage(page + 1)}>More moves (${page % pages + 1} of ${pages})</button>` : ""}
  </section>`;
}

/** A card was picked in a dock that scrolls (a phone's): its hand at the top, so the card and the
 * moves below it are in view together. */
function showPicked(controls) {
  const dock = controls && controls.closest(".dock");
  const hand = dock && dock.querySelector(".dock-hand");
  if (!hand || dock.scrollHeight <= dock.clientHeight) return;
  dock.scrollTop += hand.getBoundingClientRect().top - dock.getBoundingClientRect().top - 4;
}
