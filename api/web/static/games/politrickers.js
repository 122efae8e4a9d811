// Politrickers drawn as a card table: hands, the current trick, the Libra Disc's two plates,
// parties, Power Tokens and VP.
//
// Card ids (domain/games/politrickers/cards.py): Environment 0-9, Health 10-19, Safety 20-29,
// Welfare 30-39 (id = suit offset + value - 1), then four Economy cards 40-43 and Migration 44.

import { ScoreTable, Target, html, longHand, plural, seatName } from "../ui.js";
import { whose } from "./whose.js";

const SUITS = ["environment", "health", "safety", "welfare"];
const ECONOMY_FIRST = 40;
const MIGRATION = 44;
const SUIT_ICONS = { environment: "Env", health: "Hlth", safety: "Safe", welfare: "Welf", economy: "$", migration: "⇄" };
const PLATE_LIMIT = 7;
const TOKENS = 5;

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a card is: {suit, value, name, short}. */
export function card(id) {
  if (id === MIGRATION) return { suit: "migration", value: 0, name: "Migration", short: "Mig" };
  if (id >= ECONOMY_FIRST) return { suit: "economy", value: 0, name: "Economy", short: "Eco" };
  const suit = SUITS[Math.floor(id / 10)];
  const value = (id % 10) + 1;
  return { suit, value, name: `${value} of ${capital(suit)}`, short: String(value) };
}

function Card({ id, onPick, onPlay, picked, small, owner, playable }) {
  const c = card(id);
  const dim = playable === false;
  const cls = `card pt ${c.suit} ${small ? "small" : ""} ${picked ? "picked" : ""} ${dim ? "unplayable" : ""}`;
  const face = html`<span class="pip">${c.short}</span><span class="suit" aria-hidden="true">${SUIT_ICONS[c.suit]}</span>${
    owner ? html`<span class="owner">${owner}</span>` : ""}`;
  if (onPick) {
    // Named by hidden text, not aria-label: the name then holds what the face shows (WCAG 2.5.3).
    return html`<button type="button" class=${cls} data-card=${id} aria-pressed=${picked ? "true" : "false"}
      onClick=${() => onPick(id)} onDblClick=${onPlay ? () => onPlay(id) : undefined}><span aria-hidden="true">${face}</span><span
      class="visually-hidden">${c.name}${dim ? ", cannot be played now" : ""}</span></button>`;
  }
  return html`<span class=${cls} data-card=${id} role="img" aria-label=${`${c.name}${owner ? ` by ${owner}` : ""}`}
    title=${c.name}>${face}</span>`;
}

function Back({ label = "face-down card", owner }) {
  return html`<span class="card back pt" role="img" aria-label=${label}>${owner ? html`<span class="owner">${owner}</span>` : ""}</span>`;
}

function Party({ party }) {
  if (!party) return "";
  return html`<span class=${`party ${party}`} title=${`${capital(party)} party`}>${capital(party)}</span>`;
}

function Tokens({ count, label }) {
  return html`<span class="tokens" role="img" aria-label=${label}>${
    Array.from({ length: count }, (_, i) => html`<span key=${i} class="token" aria-hidden="true"></span>`)}</span>`;
}

function Seat({ entry, name, chair, toAct, mine, onlooker = false }) {
  const hidden = entry.set_aside_face_down;
  const faceDown = hidden.type === "OwnHand" ? hidden.cards.length : hidden.count;
  const handCount = entry.hand.type === "OwnHand" ? entry.hand.cards.length : entry.hand.count;
  const you = mine && !onlooker;
  return html`<li class=${`seat ${toAct ? "to-act" : ""} ${mine ? "mine" : ""}`} aria-label=${`${name}${you ? " (you)" : ""}`}>
    <header><strong>${name}</strong>${you ? html` <span class="muted">you</span>` : ""}${
      chair ? html` <span class="chair" title="the Chair">Chair</span>` : ""}${toAct ? html` <span class="turn-mark">to play</span>` : ""}</header>
    <p><${Party} party=${entry.party} /> <span class="vp"><strong>${entry.vp}</strong> VP</span></p>
    <p><${Tokens} count=${entry.unspent_tokens} label=${`${entry.unspent_tokens} unspent Power Tokens`} />
      <span class="muted">${entry.unspent_tokens}/${TOKENS} tokens</span></p>
    <p class="muted">${handCount} in hand · ${plural(entry.tricks_won, "trick")} · ${faceDown} face-down</p>
    ${!mine && entry.hand.type === "OwnHand" && entry.hand.cards.length ? html`<div class="hand seen" aria-label=${`${name}'s hand`}>${
      entry.hand.cards.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}</div>` : ""}
    ${!mine && hidden.type === "OwnHand" && hidden.cards.length ? html`<div aria-label=${`${name}'s face-down cards`}>
      <p class="muted">Played face down, set aside:</p><div class="hand seen own-face-down">${
      hidden.cards.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}</div></div>` : ""}
  </li>`;
}

function Plate({ party, seats, names }) {
  const total = seats.reduce((sum, entry) => sum + (party === "tails" ? entry.on_tails : entry.on_claws), 0);
  return html`<div class=${`plate ${party} ${total >= PLATE_LIMIT - 1 ? "heavy" : ""}`} aria-label=${`${capital(party)} plate: ${plural(total, "token")}`}>
    <strong>${capital(party)}</strong> <span class="count">${total}/${PLATE_LIMIT}</span>
    <ul>${seats.map((entry) => {
      const count = party === "tails" ? entry.on_tails : entry.on_claws;
      return count ? html`<li key=${entry.seat}>${names[entry.seat]} <${Tokens} count=${count} label=${plural(count, "token")} /></li>` : "";
    })}</ul>
  </div>`;
}

function Trick({ trick, names, targets, onTarget }) {
  return html`<section class="trick" aria-label="The current trick"><${Target} target="trick" targets=${targets} onTarget=${onTarget}
    label="The trick" className="trick-area">
    <h3>Trick</h3>
    <p class="muted">Ruling party: ${trick.ruling_party ? html`<${Party} party=${trick.ruling_party} />` : "—"} ·
      ruling suit: ${trick.ruling_suit ? capital(trick.ruling_suit) : "—"} ·
      opposition suit: ${trick.opposition_suit ? capital(trick.opposition_suit) : "—"}</p>
    <div class="plays">${trick.plays.length ? trick.plays.map((play, i) => play.type === "FaceDownCard"
      ? html`<${Back} key=${i} owner=${names[play.seat]} label=${`a face-down card by ${names[play.seat]}`} />`
      : html`<span key=${i} class=${play.type === "OwnFaceDownCard" ? "own-face-down" : ""}><${Card} id=${play.card} owner=${names[play.seat]} /></span>`)
      : html`<span class="muted">${names[trick.chair]} (the Chair) leads.</span>`}</div>
  </${Target}></section>`;
}

function Finished({ view, names }) {
  return html`<section class="finished" aria-label="Final result">
    <h3>Game over</h3>
    <p>${view.winners.map((seat) => names[seat]).join(" and ")} ${view.winners.length > 1 ? "share the victory" : "wins"}.</p>
    <${ScoreTable} heads=${["Player", "VP"]} rows=${view.seats.map((entry) => ({ key: entry.seat,
      className: view.winners.includes(entry.seat) ? "winner" : "", head: names[entry.seat], cells: [entry.vp] }))} />
  </section>`;
}

const PLAYS = new Set(["CardPlayed", "CardPlayedFaceDown", "UnknownCardPlayedFaceDown", "MigrationPlayed"]);
const ROUND_END = new Set(["PlayerDisgraced", "LibraCollapsed", "RoundScored"]);

/**
 * The trick just finished, read from the log until the next card is played: its plays, the
 * sentence saying who won it, and, when the round ended with it, the round's sentences.
 */
export function finishedTrick(log) {
  if (!log || !log.length) return null;
  let end = log.length - 1;
  while (end >= 0 && !(log[end].event && log[end].event.type === "TrickWon")) {
    if (log[end].event && PLAYS.has(log[end].event.type)) return null; // a new trick has begun
    end -= 1;
  }
  if (end < 0) return null;
  const plays = [];
  for (let i = end - 1; i >= 0 && !["TrickWon", "RoundDealtSeen", "RoundDealt"].includes(log[i].event && log[i].event.type); i -= 1) {
    if (PLAYS.has(log[i].event.type)) plays.unshift(log[i].event);
  }
  const round = log.slice(end + 1).filter((entry) => entry.event && ROUND_END.has(entry.event.type));
  const scored = round.find((entry) => entry.event.type === "RoundScored");
  return { plays, won: log[end], round, scored: scored ? scored.event : null };
}

function LastTrick({ finished, names }) {
  return html`<section class="last-trick" aria-label="The trick just played">
    <h3>Last trick</h3>
    <div class="plays">${finished.plays.map((play, i) => play.type === "CardPlayed"
      ? html`<${Card} key=${i} id=${play.card} owner=${names[play.seat]} small=${true} />`
      : play.type === "MigrationPlayed" ? html`<${Card} key=${i} id=${MIGRATION} owner=${names[play.seat]} small=${true} />`
        : play.card !== undefined ? html`<span key=${i} class="own-face-down"><${Card} id=${play.card} owner=${names[play.seat]} small=${true} /></span>`
          : html`<${Back} key=${i} owner=${names[play.seat]} label=${`a face-down card by ${names[play.seat]}`} />`)}</div>
    <p><strong>${finished.won.description}</strong></p>
  </section>`;
}

/** A number as the sheets print it: a true minus sign, "+" (or nothing) before gains, and 0 bare. */
const signed = (n, plus) => (n > 0 ? `${plus}${n}` : n < 0 ? `\u2212${-n}` : "0");

function RoundSheet({ finished, names }) {
  const scored = finished.scored;
  return html`<section class="sheet round-sheet" aria-label=${`Round ${scored.round_number} is over`}>
    <h3>Round ${scored.round_number} is over: ${capital(String(scored.ending))}</h3>
    <ul>${finished.round.map((entry) => html`<li key=${entry.version}>${entry.description}</li>`)}</ul>
    <${ScoreTable} heads=${["Player", "This round", "Total VP"]} rows=${scored.round_vp.map((vp, seat) => ({ key: seat,
      head: names[seat], cells: [signed(vp, "+"), signed(scored.totals[seat], "")] }))} />
  </section>`;
}

export function Board({ view, seat, summary, picked, onPick, handElsewhere = false, targets = null, onTarget = null, log = null, onlooker = false }) {
  if (!view) return html`<p class="muted">The game has not started yet.</p>`;
  const names = view.seats.map((entry) => seatName(summary, entry.seat));
  const finished = finishedTrick(log);
  if (!view.trick) {
    return html`<div class="pt-board">${finished && finished.scored ? html`<${RoundSheet} finished=${finished} names=${names} />` : ""}<${Finished} view=${view} names=${names} /></div>`;
  }
  const mine = seat === null || seat === undefined ? null : view.seats[seat];
  const hand = mine && mine.hand.type === "OwnHand" ? mine.hand.cards : [];
  const faceDown = mine && mine.set_aside_face_down.type === "OwnHand" ? mine.set_aside_face_down.cards : [];
  return html`<div class="pt-board">
    <p class="turn">Round <strong>${view.round_number}</strong> of 3 · trick <strong>${view.tricks_played + 1}</strong> of 9 ·${" "}
      ${view.leftovers.count !== undefined ? `${plural(view.leftovers.count, "card")} set aside unseen` : ""}</p>
    ${view.leftovers.cards && view.leftovers.cards.length ? html`<section class="leftovers" aria-label="Cards set aside unseen at the deal">
      <h3>Set aside unseen at the deal</h3><div class="hand seen">${view.leftovers.cards.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}</div></section>` : ""}
    <ol class="seats" aria-label="Players">${view.seats.map((entry) => html`<${Seat} key=${entry.seat} entry=${entry}
      name=${names[entry.seat]} chair=${view.trick.chair === entry.seat} toAct=${view.to_act === entry.seat} mine=${seat === entry.seat} onlooker=${onlooker} />`)}</ol>
    ${finished && finished.scored ? html`<${RoundSheet} finished=${finished} names=${names} />` : ""}
    <div class="centre">
      <div class="trick-column">
        ${finished && !view.trick.plays.length ? html`<${LastTrick} finished=${finished} names=${names} />` : ""}
        <${Trick} trick=${view.trick} names=${names} targets=${targets} onTarget=${onTarget} />
      </div>
      <section class="libra" aria-label="The Libra Disc">
        <h3>Libra Disc</h3>
        <div class="plates"><${Plate} party="tails" seats=${view.seats} names=${names} /><${Plate} party="claws" seats=${view.seats} names=${names} /></div>
      </section>
    </div>
    ${view.set_aside_face_up.length ? html`<section class="won-cards" aria-label="Cards out of play, face up"><h3>Played face up</h3>
      <div class="hand">${view.set_aside_face_up.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}</div></section>` : ""}
    ${mine && !handElsewhere ? html`<section class="my-hand" aria-label=${`${whose(onlooker, names[seat])} hand`}>
      <h3>${whose(onlooker, names[seat])} hand <${Party} party=${mine.party} /></h3>
      <div class="hand" role="group" aria-label=${`${whose(onlooker, names[seat])} hand`}>${hand.length ? hand.map((id) => html`<${Card} key=${id} id=${id}
        picked=${picked === id} onPick=${onPick} />`) : html`<span class="muted">no cards</span>`}</div>
      ${faceDown.length ? html`<p class="muted">${whose(onlooker, names[seat])} face-down cards: ${faceDown.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}</p>` : ""}
    </section>` : ""}
  </div>`;
}

/** A legal command in words. */
export function label(command) {
  const switching = command.switch_party ? " (spend a Power Token to switch party first)" : "";
  if (command.type === "PlayCard") return `Play the ${card(command.card).name}${switching}`;
  if (command.type === "PlayMigration") {
    const from = command.move_from ? `, moving a token off the ${capital(command.move_from)} plate` : "";
    return `Play Migration${from}${switching}`;
  }
  return null;
}

export function group(command) {
  return command.switch_party ? "Switch party first" : "Play";
}

/** The card a command plays (Migration is a card in the hand too). */
/** On a phone, a hand with many moves has them reached through its cards (a tap lists a card's few). */
export function cardFirst(view, seat, moves) {
  const mine = view && view.seats && seat !== null && seat !== undefined ? view.seats[seat] : null;
  if (!mine || mine.hand.type !== "OwnHand") return null;
  return longHand(mine.hand.cards, moves, cardOf);
}

export function cardOf(command) {
  if (command.type === "PlayMigration") return MIGRATION;
  return typeof command.card === "number" ? command.card : null;
}

/** Your hand, drawn in the table's dock: cards with no move now are dimmed and say why when picked. */
export function Hand({ view, seat, picked, playable, onPick, onPlay }) {
  const mine = view && view.trick ? view.seats[seat] : null;
  if (!mine) return "";
  const hand = mine.hand.type === "OwnHand" ? mine.hand.cards : [];
  const faceDown = mine.set_aside_face_down.type === "OwnHand" ? mine.set_aside_face_down.cards : [];
  return html`<section class="own-hand" aria-label="Your hand">
    <h2>Your hand <${Party} party=${mine.party} /> <span class="muted">(${plural(hand.length, "card")})</span></h2>
    <div class="hand" role="group" aria-label="Your cards">${hand.length ? hand.map((id) => html`<${Card} key=${id} id=${id}
      picked=${picked === id} playable=${onPick ? playable.has(id) : undefined} onPick=${onPick} onPlay=${onPlay} />`)
      : html`<span class="muted">no cards</span>`}</div>
    ${faceDown.length ? html`<p class="muted">Your face-down cards: ${faceDown.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}</p>` : ""}
  </section>`;
}

/** Every card goes to the trick. */
export function targetOf(command) {
  return command.type === "PlayCard" || command.type === "PlayMigration" ? "trick" : null;
}

/** Why a card in your hand cannot be played now: the following rules, in the players' words. */
export function whyNot(id, view, seat) {
  const trick = view && view.trick;
  const mine = trick ? view.seats[seat] : null;
  if (!mine || mine.hand.type !== "OwnHand" || !trick.ruling_suit) return null;
  const ruling = trick.ruling_suit;
  const opposition = trick.opposition_suit;
  const follows = (party) => (party === trick.ruling_party ? (c) => card(c).suit === ruling
    : opposition ? (c) => card(c).suit === opposition : (c) => card(c).suit !== ruling);
  const duty = (party) => (party === trick.ruling_party ? `follow ${capital(ruling)}`
    : opposition ? `follow ${capital(opposition)}, the Opposition suit` : `play a suit other than ${capital(ruling)}`);
  const policy = mine.hand.cards.filter((c) => c !== MIGRATION);
  const other = mine.party === "tails" ? "claws" : "tails";
  const own = policy.filter(follows(mine.party));
  const flipped = policy.filter(follows(other));
  const where = mine.party === trick.ruling_party ? "the Ruling Party" : "the Opposition";
  if (own.length) {
    const instead = flipped.length && mine.unspent_tokens ? ` (or spend a Power Token to switch party and ${duty(other)})` : "";
    return `You are in ${where}: you must ${duty(mine.party)}${instead}.`;
  }
  if (flipped.length) return `You cannot ${duty(mine.party)}, so you must switch party and ${duty(other)}.`;
  return null;
}

/** How to play, in short (from docs/rules/politrickers.md and the rules' prose). */
export const howToPlay = {
  goal: "Score the most victory points (VP) over three rounds of tricks, or reach 7 VP first.",
  turn: "Play one card to the trick. The Ruling Party follows the Chair's suit; the Opposition plays another suit if it can, switching party when forced. The larger suit sum is the Popular Policy and its smallest card wins; the winner puts a Power Token on its party's plate of the Libra Disc.",
  end: "A round ends when a winner has no token left (Disgraced), a plate holds seven tokens (Collapse), or after nine tricks (Balanced), and VP are scored. The game ends at 7 VP or after three rounds: most VP wins.",
};
