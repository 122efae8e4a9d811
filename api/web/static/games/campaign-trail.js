// Campaign Trail drawn as a tile-grid cartogram of the 50 states and DC: each tile shows the state,
// its electoral votes, each party's committed voters (a pill in the party's colour), any pawn, the
// parties it is ethically minded for (a corner mark, a star for yours) and its tiebreaker parties (a
// strip along its foot), and is filled with its leader's colour and pattern (Democrat solid blue,
// Republican striped red, Libertarian dotted gold). A tile the current step can touch lights up and a
// tap on it makes the move (the move list stays as the accessible alternative). Above the map: what
// the table waits for, the action's progress, the live electoral-vote track; below it each party's
// candidate, war chest, registered voters and cards in play with their text.
//
// State numbers are the order of domain/games/campaign_trail/cards/board.py.

import { ScoreTable, html, plural, seatName, useEffect, useRef, useState } from "../ui.js";
import { whose } from "./whose.js";

const CODES = ["AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
  "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK",
  "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY"];
const TILES = {
  AK: [0, 0], ME: [0, 11], WI: [1, 6], VT: [1, 10], NH: [1, 11], WA: [2, 1], ID: [2, 2], MT: [2, 3], ND: [2, 4],
  MN: [2, 5], IL: [2, 6], MI: [2, 7], NY: [2, 9], MA: [2, 10], OR: [3, 1], NV: [3, 2], WY: [3, 3], SD: [3, 4],
  IA: [3, 5], IN: [3, 6], OH: [3, 7], PA: [3, 8], NJ: [3, 9], CT: [3, 10], RI: [3, 11], CA: [4, 1], UT: [4, 2],
  CO: [4, 3], NE: [4, 4], MO: [4, 5], KY: [4, 6], WV: [4, 7], VA: [4, 8], MD: [4, 9], DE: [4, 10], AZ: [5, 2],
  NM: [5, 3], KS: [5, 4], AR: [5, 5], TN: [5, 6], NC: [5, 7], SC: [5, 8], DC: [5, 9], OK: [6, 4], LA: [6, 5],
  MS: [6, 6], AL: [6, 7], GA: [6, 8], HI: [7, 0], TX: [7, 4], FL: [7, 9],
};
const ISSUES = ["Economy", "Health Care", "Gender Equality", "Immigration", "Defense", "Family Values", "Environment", "Education"];
const ISSUE_MARK = { Economy: "Ec", "Health Care": "He", "Gender Equality": "Ge", Immigration: "Im", Defense: "Df",
  "Family Values": "Fa", Environment: "En", Education: "Ed" };
const PARTIES = ["Democrat", "Republican", "Libertarian"];
const SHORT = ["D", "R", "L"];
const FILL = [
  "background:#1f4e9c",
  "background:repeating-linear-gradient(45deg,#a3202a 0 6px,#c8414b 6px 12px)",
  "background:radial-gradient(#f2c94c 30%,transparent 31%) 0 0/8px 8px,#b8860b",
];
const SOLID = ["#1f4e9c", "#a3202a", "#f2c94c"];
const INK = ["#fff", "#fff", "#1b1b1b"];
const TO_WIN = 270;
const STEP_TYPES = new Set(["Move", "TravelTo", "Place", "Pay", "Remove", "Sweep"]);
/** What a tap on a tile sends when the step offers several moves there: the one that does the most. */
const RANK = { TravelTo: 0, Move: 1, Sweep: 2, Pay: 3, Remove: 4, Place: 5 };

function Track({ view, names }) {
  const total = view.electoral_track.reduce((a, b) => a + b, 0) || 538;
  return html`<section class="ct-track" aria-label="Electoral votes">
    <div style="display:flex;height:1.3rem;border-radius:6px;overflow:hidden;position:relative">${view.electoral_track.map(
      (ev, seat) => html`<div key=${seat} class="ev-total" data-seat=${seat} title=${`${names[seat]}: ${ev}`} style=${`${FILL[seat]};width:${(100 * ev) / total}%;color:${INK[seat]};text-align:center;font-weight:bold`}>${ev}</div>`)}
      <div aria-hidden="true" style=${`position:absolute;left:${(100 * TO_WIN) / 538}%;top:0;bottom:0;border-left:2px dashed #fff`}></div>
    </div>
    <p class="muted">${view.electoral_track.map((ev, seat) => `${names[seat]} (${PARTIES[seat]}) ${ev}`).join(" · ")} — ${TO_WIN} to win</p>
  </section>`;
}

/** The moves of the current step, by the state each names, best first (a tap sends the first). */
export function tileMoves(moves) {
  const by = new Map();
  for (const command of moves || []) {
    if (!STEP_TYPES.has(command.type) || command.state === undefined || command.state < 0) continue;
    const code = CODES[command.state];
    if (!by.has(code)) by.set(code, []);
    by.get(code).push(command);
  }
  for (const list of by.values()) list.sort((a, b) => RANK[a.type] - RANK[b.type] || (b.count || 1) - (a.count || 1));
  return by;
}

function tileLabel(entry, pawns, seat) {
  const [code, ev, voters, leader, issues, ties, ethical, name] = entry;
  const here = pawns.filter((p) => p.pawn === code).map((p) => `${PARTIES[p.seat]} pawn`);
  const ethics = (ethical || []).map((p) => `${PARTIES[p]}${p === seat ? " (yours)" : ""}`);
  return `${name || code} (${code}), ${ev} electoral votes, led by the ${PARTIES[leader]}s: ${voters.map((v, p) => `${v} ${PARTIES[p]}`).join(", ")}`
    + `${here.length ? `; ${here.join(", ")}` : ""}; issues ${(issues || []).join(" and ")}`
    + `; tiebreakers ${(ties || []).map((p) => PARTIES[p]).join(" then ")}${ethics.length ? `; ethically minded for ${ethics.join(", ")}` : ""}`;
}

function Tile({ entry, pawns, seat, tap, send, busy, spotlight, reached }) {
  const [row, col] = TILES[entry[0]];
  const [code, ev, voters, leader, issues, ties, ethical] = entry;
  const here = pawns.filter((p) => p.pawn === code);
  const label = tileLabel(entry, pawns, seat);
  const lit = reached || (spotlight && (issues || []).includes(spotlight));
  const body = html`<span class="head"><span class="code">${code}</span> <span class="ev">${ev}</span></span>
    <span class="pills">${voters.map((v, p) => html`<span key=${p} class=${`voters${v ? "" : " none"}`} data-party=${SHORT[p]}
      style=${`background:${SOLID[p]};color:${INK[p]}`}>${v}</span>`)}${
      here.map((p) => html`<span key=${`pawn${p.seat}`} class="pawn" data-party=${SHORT[p.seat]} title=${`${PARTIES[p.seat]} pawn`}>♟${SHORT[p.seat]}</span>`)}</span>
    <span class="issues" aria-hidden="true">${(issues || []).map((i) => ISSUE_MARK[i] || i).join(" ")}</span>
    ${(ethical || []).map((p, i) => html`<span key=${p} class=${`ethic${p === seat ? " mine" : ""}`} data-party=${SHORT[p]} aria-hidden="true"
      style=${`background:${SOLID[p]};color:${INK[p]};right:${i * 0.7}rem`}>${p === seat ? "★" : ""}</span>`)}
    <span class="ties" aria-hidden="true">${(ties || []).map((p) => html`<i key=${p} style=${`background:${SOLID[p]}`}></i>`)}</span>`;
  const style = `grid-row:${row + 1};grid-column:${col + 1};${FILL[leader]};color:${INK[leader]}`;
  const common = { "data-state": code, "data-leader": SHORT[leader], title: label };
  if (tap) {
    return html`<button type="button" class=${`ct-tile target${lit ? " spotlit" : ""}`} ...${common} style=${style} disabled=${busy}
      aria-label=${`${label}. Tap: ${tap.text}`} data-command=${JSON.stringify(tap.command)} onClick=${() => send(tap.command)}>${body}</button>`;
  }
  return html`<div role="img" class=${`ct-tile${lit ? " spotlit" : ""}`} aria-label=${label} ...${common} style=${style}>${body}</div>`;
}

/** The two candidates each seat was dealt, from the deal in the log (only the omniscient log holds them all). */
function dealtPairs(log) {
  const deal = (log || []).find((e) => e.event && e.event.type === "GameSetUp" && e.event.offers);
  return deal ? deal.event.offers : [];
}

/** A seat's two dealt candidates and, once chosen, which it kept, drawn only from the omniscient view's
 * faces (a finished game's replay, while candidates are chosen): each with its home, war chest,
 * registered voters and text. */
function Dealt({ entry, name, candidates, dealt }) {
  const face = (number) => (candidates || []).find((c) => c.number === number);
  const keptNumber = entry.candidate !== null && entry.candidate !== undefined ? entry.candidate : null;
  const held = entry.offer.type === "OwnHand" && entry.offer.cards.length ? entry.offer.cards : dealt[entry.seat] || [];
  const offered = held.map(face).filter(Boolean);
  const kept = keptNumber !== null ? face(keptNumber) : null;
  if (!offered.length && !kept) return "";
  const line = (c) => html`<strong>${c.name}</strong> (home ${c.home}): $${c.war_chest}M, ${c.registered} registered voters;
    advantage: ${c.advantage}; disadvantage: ${c.disadvantage}`;
  return html`<div class="dealt seen" aria-label=${`${name}'s candidates`}>
    <strong>${name} ${kept ? "was dealt" : "chooses between"}</strong><ul class="ct-hand-text">${offered.map((c) => html`
      <li key=${c.number} data-candidate=${c.number} class=${c.number === keptNumber ? "kept" : ""}>${line(c)}${
        c.number === keptNumber ? html`${" "}<strong>— kept</strong>` : kept ? html`${" "}<span class="muted">— went back to the box unseen</span>` : ""}</li>`)}</ul>
    ${kept && !offered.some((c) => c.number === keptNumber) ? html`<p data-candidate=${kept.number} class="kept"><strong>${name} kept</strong> ${line(kept)}</p>` : ""}</div>`;
}

function Party({ entry, name, toAct, mine, faces, candidates = [], dealt = [], onlooker = false }) {
  const hand = entry.hand.type === "OwnHand" ? entry.hand.cards.length : entry.hand.count;
  const seen = !mine && entry.hand.type === "OwnHand" ? entry.hand.cards : null; // every hand, omniscient
  return html`<li class=${`seat ${toAct ? "to-act" : ""} ${mine ? "mine" : ""}`} aria-label=${`${name}${mine && !onlooker ? " (you)" : ""}`}>
    <header><span style=${`${FILL[entry.seat]};display:inline-block;width:0.9rem;height:0.9rem;border-radius:3px`}></span>
      <strong> ${name}</strong> <span class="muted">${entry.party}</span>${toAct ? html` <span class="turn-mark">to act</span>` : ""}</header>
    <p>${entry.candidate_name || html`<span class="muted">choosing a candidate</span>`}${entry.home ? ` (home ${entry.home})` : ""}</p>
    ${entry.advantage ? html`<p class="muted small">+ ${entry.advantage}; − ${entry.disadvantage}</p>` : ""}
    <p><span class="money">$${entry.war_chest}M</span> · <span class="registered">${entry.registered}</span> registered · ${entry.electoral_votes} EV</p>
    <p class="muted">pawn ${entry.pawn || "—"} · ${plural(hand, "card")}</p>
    ${!mine && candidates && candidates.length ? html`<${Dealt} entry=${entry} name=${name} candidates=${candidates} dealt=${dealt} />` : ""}
    ${seen ? html`<div class="hand seen" aria-label=${`${name}'s hand`}><strong>${name}'s hand</strong>${seen.length ? html`<ul class="ct-hand-text">${
      seen.map((card) => html`<li key=${card} data-card=${card}>${handText(faces, card)}</li>`)}</ul>` : html` <span class="muted">no cards</span>`}</div>` : ""}
    ${entry.ongoing.length ? html`<ul class="in-play" aria-label="Cards in play">${entry.ongoing.map((card) => html`<li key=${card} data-card=${card}>${cardText(faces, card)}</li>`)}</ul>` : ""}
  </li>`;
}

/** A card in a hand as printed: its number, issues and actions (the omniscient view holds its face). */
function handText(faces, number) {
  const c = (faces || []).find((f) => f.number === number);
  if (!c) return `#${number}`;
  return html`<strong>#${c.number}</strong> ${c.issues.length ? `(${c.issues.join(", ")})` : "(Dirty Politics)"}: ${
    c.actions.map((a, i) => `${i + 1}. ${a}`).join(" · ")}${c.effect ? ` — ${c.effect}` : ""}`;
}

function cardText(faces, number) {
  const face = (faces || []).find((f) => f.number === number);
  if (!face) return `#${number}`;
  return face.effect ? `#${number} ${face.effect}` : `#${number} ${face.title}`;
}

/** Your hand as printed, drawn in the table's dock: cards with no move now are dimmed and say so
 * (``owner``: the seat's name when the replay shows the game as another seat saw it). */
export function Hand({ view, picked, playable, onPick, onPlay, owner = null }) {
  if (!view || !view.my_cards.length) return "";
  const shown = view.my_cards.find((c) => c.number === picked);
  const mark = whose(owner !== null, owner);
  const choosing = view.my_candidates && view.my_candidates.length ? ` (while ${owner === null ? "you choose" : `${owner} chooses`})` : "";
  return html`<section class="own-hand" aria-label=${`${mark} hand`}><h3>${mark} hand${choosing}</h3>
    <div class="hand ct-hand" role="group" aria-label=${`${mark} cards`}>${view.my_cards.map((c) => html`
      <button type="button" key=${c.number} data-card=${c.number} aria-pressed=${picked === c.number ? "true" : "false"}
        class=${`${onPick && playable && !playable.has(c.number) ? "unplayable" : ""}${c.issues.length ? "" : " dirty"}`}
        onClick=${() => onPick && onPick(c.number)} onDblClick=${() => onPlay && onPlay(c.number)}>
        <strong>#${c.number}${c.title === `Action card #${c.number}` ? "" : ` ${c.title}`}</strong> <span class="card-issues">${c.issues.join(", ") || "Dirty Politics"}</span>
        <span class="card-marks" aria-hidden="true">${c.issues.map((i) => ISSUE_MARK[i] || i).join(" ") || "DP"}</span>
        <ol start="1" class="actions">${c.actions.map((a, i) => html`<li key=${i}>${a}</li>`)}</ol>
        ${c.effect ? html`<span class="effect">${c.effect}</span>` : ""}${
        onPick && playable && !playable.has(c.number) ? html`<span class="visually-hidden">, cannot be played now</span>` : ""}
      </button>`)}</div>
    ${shown ? html`<p class="picked-card" role="status"><strong>#${shown.number}</strong>: ${shown.actions.map((a, i) => `${i + 1}. ${a}`).join(" · ")}${shown.effect ? ` — ${shown.effect}` : ""}</p>` : ""}
  </section>`;
}

/** The two candidates you were dealt, side by side: keep one (the other goes back unseen). */
function CandidateChoice({ view, moves, send, busy, name = null }) {
  if (!view.my_candidates || !view.my_candidates.length) return "";
  const title = name ? `${name} chooses a candidate` : "Choose your candidate";
  return html`<section class="ct-candidates" aria-label=${title}><h3>${title}</h3>
    <p class="note">${name ? `${name} keeps one` : "Keep one"}; the other goes back to the box unseen.</p>
    <div class="ct-candidate-list">${view.my_candidates.map((c) => {
      const keep = (moves || []).find((m) => m.type === "KeepCandidate" && m.candidate === c.number);
      return html`<article key=${c.number} class="ct-candidate" data-candidate=${c.number}>
        <h4>${c.name}</h4>
        <p>Home: <strong>${c.home}</strong></p>
        <p>War chest <strong>$${c.war_chest}M</strong> · <strong>${c.registered}</strong> registered voters</p>
        <p>Advantage: ${c.advantage}</p><p>Disadvantage: ${c.disadvantage}</p>
        ${keep ? html`<button type="button" class="keep" disabled=${busy} data-command=${JSON.stringify(keep)} onClick=${() => send(keep)}>Keep ${c.name}</button>` : ""}
      </article>`;
    })}</div>
    <h4>${name ? `${name}'s` : "Your"} hand meanwhile</h4>
    <ul class="ct-hand-text">${view.my_cards.map((c) => html`<li key=${c.number} data-card=${c.number}><strong>#${c.number}</strong>${" "}${c.issues.length ? `(${c.issues.join(", ")})` : "(Dirty Politics)"}: ${c.actions.map((a, i) => `${i + 1}. ${a}`).join(" · ")}${c.effect ? ` — ${c.effect}` : ""}</li>`)}</ul>
  </section>`;
}

/** The end sheet: who won, each party's electoral votes, committed voters and states carried, and,
 * when the electoral votes tie, which tie-break decided (the rules' order: committed voters, then states
 * won, then a shared victory) with the totals it compared. On the table it scrolls itself into view. */
function Finished({ view, names, live = false }) {
  const box = useRef(null);
  useEffect(() => {
    if (live && box.current && box.current.scrollIntoView) box.current.scrollIntoView({ block: "nearest", behavior: "instant" });
  }, []);
  const totals = {
    electoral: (seat) => view.seats[seat].electoral_votes,
    committed: (seat) => view.states.reduce((sum, entry) => sum + (entry[2][seat] || 0), 0),
    carried: (seat) => view.states.filter((entry) => entry[3] === seat).length,
  };
  return html`<section class="finished" aria-label="Final result" ref=${box}><h3>Election Day: the votes are counted</h3>
    <p><strong>${view.winners.map((s) => names[s]).join(" and ")}</strong> ${view.winners.length > 1 ? "tie" : "wins"} the election.</p>
    <p class="tiebreak">${decidedBy(view, names, totals)}</p>
    <${ScoreTable} heads=${["Party", "Candidate", "Electoral votes", "Committed voters", "States carried"]}
      rows=${view.seats.map((entry) => ({ key: entry.seat, className: view.winners.includes(entry.seat) ? "winner" : "",
        head: `${names[entry.seat]} (${entry.party})`,
        cells: [entry.candidate_name, entry.electoral_votes, totals.committed(entry.seat), totals.carried(entry.seat)] }))} /></section>`;
}

const TIEBREAKS = [["committed voters", "committed"], ["states won", "carried"]];

/** What decided the election, in words with the totals: the electoral votes, or the tie-break that did. */
function decidedBy(view, names, totals) {
  const seats = view.seats.map((entry) => entry.seat);
  const most = Math.max(...seats.map(totals.electoral));
  let tied = seats.filter((seat) => totals.electoral(seat) === most);
  if (tied.length < 2) return `Most electoral votes decided it: ${most} of 538.`;
  const listed = (seats_, count) => [...seats_].sort((a, b) => count(b) - count(a)).map((seat) => `${names[seat]} ${count(seat)}`).join(", ");
  let said = `Tied on ${most} electoral votes`;
  for (const [words, key] of TIEBREAKS) {
    const count = totals[key];
    const best = Math.max(...tied.map(count));
    const ahead = tied.filter((seat) => count(seat) === best);
    if (ahead.length === tied.length) { said += `, and on ${best} ${words} each`; continue; }
    if (ahead.length === 1) return `${said}: decided by ${words} (${listed(tied, count)}).`;
    said += `; ${words} (${listed(tied, count)}) left ${ahead.map((seat) => names[seat]).join(" and ")} level`;
    tied = ahead;
  }
  return `${said}: the victory is shared.`;
}

/** What the table waits for, said plainly: a Scandal's victim, the action in progress, a debate, a window. */
function Prompt({ view, seat, names, tiles }) {
  const lose = "lose 3 registered voters and 1 voter per ethically minded state";
  if (view.choice) {
    const mine = view.choice.seats.includes(seat);
    return html`<p class="prompt scandal" role="status">${mine ? html`<strong>Scandal! You must choose:</strong> ${
      view.choice.options.includes("pay") ? `pay $60M, or ${lose}.` : `your war chest is under $60M, so you ${lose}.`}`
      : `Scandal: waiting for ${view.choice.seats.map((s) => names[s]).join(", ")} to choose.`}</p>`;
  }
  if (view.pending) {
    const who = view.pending.seat === seat ? "You" : names[view.pending.seat];
    const tap = view.pending.seat === seat && tiles.size ? " Tap a lit state (or pick a move below)." : "";
    return html`<p class="prompt progress" role="status"><strong>${who}: ${view.pending.kind}</strong> (#${view.pending.card}) — ${view.progress}.${tap}</p>`;
  }
  if (view.window) {
    const held = view.window;
    return html`<p class="prompt window" role="status"><strong>${names[held.seat]}'s ${held.answers}</strong> (${cardText(view.faces, held.card)}, action ${held.action + 1})
      is held for responses: ${held.choice.seats.map((s) => names[s]).join(", ")} may answer with a response politick or let it go by.</p>`;
  }
  if (view.debating) return html`<${Debate} view=${view} names=${names} />`;
  return "";
}

function Debate({ view, names }) {
  return html`<section class="prompt debate" role="status"><strong>Debate.</strong> Each party plays one card for its issue icons; an issue
    shown by one party's card alone gives that party 1 voter in every state showing the issue.
    <ul>${view.debate.map((card, i) => {
      const face = (view.faces || []).find((f) => f.number === card);
      const who = view.debate_first >= 0 ? `${names[(view.debate_first + i) % names.length]}: ` : "";
      return html`<li key=${card} data-card=${card}>${who}#${card}, ${face && face.issues.length ? face.issues.join(", ") : "no issues (Dirty Politics)"}</li>`;
    })}</ul>${view.debate_first >= 0 && view.debate.length < names.length
      ? html`<p class="muted">Next to debate: ${names[(view.debate_first + view.debate.length) % names.length]}.</p>` : ""}</section>`;
}

/** The issue chips: tap one to light up every state showing it (the tiles show short marks). */
function Issues({ spotlight, setSpotlight }) {
  return html`<div class="ct-issues" role="group" aria-label="Show the states of an issue">${ISSUES.map((issue) => html`
    <button type="button" key=${issue} class="chip" aria-pressed=${spotlight === issue ? "true" : "false"}
      onClick=${() => setSpotlight(spotlight === issue ? null : issue)}>${ISSUE_MARK[issue]} ${issue}</button>`)}</div>`;
}

function Legend() {
  return html`<p class="ct-legend muted">Pills: committed voters per party · ♟ pawn · corner dot: ethically minded state
    (★ yours) · foot strip: tiebreakers, first then second · a lit state: tap it to act there.</p>`;
}

/** Why a card in your hand has no move now. */
export function whyNot(id, view, seat) {
  if (view.choice) return "Answer the Scandal first.";
  if (view.window) {
    return view.window.choice.seats.includes(seat)
      ? `Only a response to the ${view.window.answers} can be played now, or no response.`
      : `Waiting for the responses to the ${view.window.answers}.`;
  }
  if (view.pending) return `Finish the ${view.pending.kind} in progress first (or stop it).`;
  if (view.debating) return "Only a debate card can be played now.";
  if (view.my_candidates && view.my_candidates.length) return "Choose your candidate first.";
  return null;
}

export function Board({ view, seat, summary, picked, onPick, handElsewhere = false, moves = [], send = null, busy = false, onlooker = false, log = [] }) {
  const [spotlight, setSpotlight] = useState(null);
  const map = useRef(null);
  const tiles = send ? tileMoves(moves) : new Map();
  const stepping = tiles.size > 0;
  // On a phone what the table asks of you comes to the top of the screen when it changes (the candidate
  // choice, the prompt and the map, or the result), your moves in the dock below it.
  const asked = view ? `${moves.length > 0}|${view.month}|${view.pending ? view.pending.kind : ""}|${view.debating}|${view.winners.length}` : "";
  useEffect(() => {
    const box = map.current;
    if (!box || !asked || !window.matchMedia || !window.matchMedia("(max-width: 800px)").matches) return;
    const top = box.getBoundingClientRect().top;
    if (Math.abs(top) > 8) window.scrollBy({ top: top - 4, behavior: "instant" });
  }, [asked]);
  if (!view) return html`<p class="muted">The game has not started yet.</p>`;
  const names = view.seats.map((entry) => seatName(summary, entry.seat));
  const won = view.winners.length ? html`<${Finished} view=${view} names=${names} live=${Boolean(send)} />` : "";
  const reach = stepping ? new Map() : reachOf(view, picked, moves);
  const tapOf = (code) => {  // a step: its best move there; a picked card: its one play reaching there
    const list = tiles.get(code) || (reach.get(code) && reach.get(code).length === 1 ? reach.get(code) : null);
    return list ? { command: list[0], text: label(list[0], view) } : null;
  };
  return html`<div class="ct-board">
    <div class="ct-focus" ref=${map}>
    <p class="turn"><strong>${view.debating ? `Debate after ${view.month}` : view.month}</strong> · decks ${view.deck_sizes.join(" / ")}</p>
    ${won}
    <${CandidateChoice} view=${view} moves=${moves} send=${send || (() => {})} busy=${busy} name=${onlooker ? names[seat] ?? null : null} />
    <${Prompt} view=${view} seat=${seat} names=${names} tiles=${tiles} />
    ${reach.size ? html`<p class="prompt reach" role="status">#${picked} reaches the lit states: ${[...new Set([...reach.values()].flat()
      .map((c) => actionText(view, c.card, c.action)))].join("; ")}.${[...reach.values()].some((l) => l.length === 1) ? " Tap one to play it." : ""}</p>` : ""}
    <div class="ct-map-scroll" tabindex="0" role="region" aria-label="The map (scrolls)">
      <section aria-label="The map" data-landing="map" class=${`ct-map${stepping ? " stepping" : ""}`}>
        ${view.states.map((entry) => html`<${Tile} key=${entry[0]} entry=${entry} pawns=${view.seats} seat=${seat}
          tap=${tapOf(entry[0])} send=${send} busy=${busy} spotlight=${spotlight} reached=${reach.has(entry[0])} />`)}
      </section>
    </div>
    </div>
    <${Track} view=${view} names=${names} />
    <${Issues} spotlight=${spotlight} setSpotlight=${setSpotlight} />
    <${Legend} />
    <ol class="seats" aria-label="Parties">${view.seats.map((entry) => html`<${Party} key=${entry.seat} entry=${entry}
      name=${names[entry.seat]} toAct=${view.to_act.includes(entry.seat)} mine=${seat === entry.seat} faces=${view.faces} candidates=${view.candidate_faces} dealt=${dealtPairs(log)} onlooker=${onlooker} />`)}</ol>
    ${handElsewhere ? "" : html`<${Hand} view=${view} picked=${picked} onPick=${onPick} owner=${onlooker ? names[seat] ?? null : null} />`}
  </div>`;
}

/** The states the picked card's playable actions name (an Advertise's map, a smear's list, the states
 * of a mudslinging's issues), each with the plays that reach it. */
function reachOf(view, picked, moves) {
  const by = new Map();
  const face = picked !== null && picked !== undefined && view && view.my_cards ? view.my_cards.find((c) => c.number === picked) : null;
  if (!face || !face.reach) return by;
  for (const command of moves || []) {
    if (command.type !== "PlayCard" || command.card !== picked) continue;
    for (const code of face.reach[command.action] || []) {
      if (!by.has(code)) by.set(code, []);
      by.get(code).push(command);
    }
  }
  return by;
}

const PARTY = (n) => PARTIES[n] || `party ${n}`;

/** The printed text of action `action` on card `number` of the viewer's hand, when it is there. */
function actionText(view, number, action) {
  const card = view && view.my_cards ? view.my_cards.find((c) => c.number === number) : null;
  return card && card.actions[action] ? card.actions[action] : "";
}

function candidateName(view, number) {
  const face = view && view.my_candidates ? view.my_candidates.find((c) => c.number === number) : null;
  return face ? `${face.name} (home ${face.home})` : `candidate ${number}`;
}

/** A legal command in words. */
export function label(command, view) {
  const n = command.count || 1;
  switch (command.type) {
    case "KeepCandidate": return `Keep ${candidateName(view, command.candidate)}`;
    case "PlayCard": {
      const target = command.target >= 0 ? ` against the ${PARTY(command.target)}s` : "";
      const issues = command.issues && command.issues.length ? `, mudslinging on ${command.issues.map((i) => ISSUES[i]).join(" & ")}` : "";
      const text = actionText(view, command.card, command.action);
      return `Play #${command.card}, action ${command.action + 1}${text ? `: ${text}` : ""}${target}${issues}`;
    }
    case "Move": return `Move to ${CODES[command.state]}`;
    case "TravelTo": return `Travel to ${CODES[command.state]} and stop there`;
    case "Place": return `Place a voter in ${CODES[command.state]}`;
    case "Pay": return `Pay ${plural(n, "voter")} from ${CODES[command.state]}`;
    case "Remove": return `Remove ${n === 1 ? "a" : n} ${PARTY(command.party)} ${n === 1 ? "voter" : "voters"} from ${CODES[command.state]}`;
    case "Sweep": return command.state >= 0 ? `Remove the voters still owed in ${CODES[command.state]} (other parties' first)`
      : "Remove every voter still owed, in every state (other parties' first)";
    case "Stop": return "Stop here";
    case "DebateCard": {
      const card = view && view.my_cards ? view.my_cards.find((c) => c.number === command.card) : null;
      return `Debate with #${command.card}${card ? ` (${card.issues.join(", ") || "no issues"})` : ""}`;
    }
    case "Choose": return command.option === "pay" ? "Pay $60M" : "Lose 3 registered voters and 1 voter per ethically minded state";
    case "PlayResponse": return `Respond with #${command.card}`;
    case "Pass": return "No response";
    default: return null;
  }
}

export function group(command) {
  if (command.type === "PlayCard") return "Play a card";
  if (command.type === "Sweep" || command.type === "TravelTo") return "At once";
  return null;
}

/** What the board's places are called in the move list ("Tap a lit state on the board"). */
export const places = "state";

/** Whether a tap on the map makes `command` (the best move at its state, as the tile offers it). */
export function onBoard(command, moves) {
  if (!STEP_TYPES.has(command.type) || command.state === undefined || command.state < 0) return false;
  const there = tileMoves(moves).get(CODES[command.state]);
  return Boolean(there) && there[0] === command;
}

/** A mudslinging's issues are picked one by one, then confirmed: one button per card action, not one
 * per set of issues (a card showing four issues would list fifteen). */
export function together(command) {
  if (command.type !== "PlayCard" || !command.issues || !command.issues.length) return null;
  return {
    key: `Mudslinging #${command.card}.${command.action}`,
    group: "Play a card",
    title: `Mudslinging with #${command.card}`,
    hint: `pick the issues to mudsling on (${MUDSLING_PRICE} voters from your ethically minded states each)`,
    own: true,
    unit: "issue",
    most: `now: each costs ${MUDSLING_PRICE} voters from your ethically minded states`,
    card: command.card,
    cardsOf: (play) => play.issues,
    name: (issue) => ISSUES[issue],
    why: () => "No mudslinging of this card takes this issue with those chosen.",
  };
}

/** What each issue of a mudslinging costs: voters paid from your ethically minded states (rules, 8). */
const MUDSLING_PRICE = 2;

export function cardOf(command) {
  return typeof command.card === "number" ? command.card : null;
}

const MONTHS = ["August", "September", "October"];

/** Campaign Trail's rounds are its months: August opens with the campaign, each debate's end opens the next. */
export const rounds = {
  name: (round, event) => (event && event.type === "DebateEnded" ? MONTHS[event.month] : event && event.type === "CampaignBegan" ? MONTHS[0] : null)
    || MONTHS[round - 1] || `Month ${round}`,
  one: "month",
  many: "Months",
};

/** This game opens reaction windows: the table offers its players to let it pass for them. */
export const windows = true;

/** How long a reaction window stays open (the rules' WINDOW): its countdown never shows more. */
export const windowSeconds = 30;

/** How to play, in short (from docs/rules/campaign-trail.md and the rules' prose). */
export const howToPlay = {
  goal: "Win the presidency: 270 of the 538 electoral votes. Each state's votes go to the party with most committed voters there on Election Day.",
  turn: "Play a card from your hand and take one of its actions (Fundraise, Register voters, Travel your pawn, Advertise, Campaign where your pawn stands, or a Politick), then draw from the month's deck. Tap a card, then a lit state or a move.",
  end: "August, September and October each end when their deck runs out; a debate follows the first two, Election Day the last. Ties on electoral votes go to most committed voters, then most states won.",
};
