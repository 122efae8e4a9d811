// Campaign Trail drawn as a tile-grid cartogram of the 50 states and DC: each tile shows the state,
// its electoral votes and each party's committed voters, and is filled with its leader's colour and
// pattern (Democrat solid blue, Republican striped red, Libertarian dotted gold). Above it, the live
// electoral-vote track (270 to win); beside it, each party's war chest, registered voters and pawn.
//
// State numbers are the order of domain/games/campaign_trail/cards/board.py.

import { html, plural, seatName } from "../ui.js";

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
const PARTIES = ["Democrat", "Republican", "Libertarian"];
const SHORT = ["D", "R", "L"];
const FILL = [
  "background:#1f4e9c",
  "background:repeating-linear-gradient(45deg,#a3202a 0 6px,#c8414b 6px 12px)",
  "background:radial-gradient(#f2c94c 30%,transparent 31%) 0 0/8px 8px,#b8860b",
];
const INK = ["#fff", "#fff", "#1b1b1b"];
const TO_WIN = 270;

function Track({ view, names }) {
  const total = view.electoral_track.reduce((a, b) => a + b, 0) || 538;
  return html`<section aria-label="Electoral votes" style="margin:0.3rem 0">
    <div style="display:flex;height:1.4rem;border-radius:6px;overflow:hidden;position:relative">${view.electoral_track.map(
      (ev, seat) => html`<div key=${seat} class="ev-total" data-seat=${seat} title=${`${names[seat]}: ${ev}`} style=${`${FILL[seat]};width:${(100 * ev) / total}%;color:${INK[seat]};text-align:center;font-weight:bold`}>${ev}</div>`)}
      <div aria-hidden="true" style=${`position:absolute;left:${(100 * TO_WIN) / 538}%;top:0;bottom:0;border-left:2px dashed #fff`}></div>
    </div>
    <p class="muted">${view.electoral_track.map((ev, seat) => `${names[seat]} (${PARTIES[seat]}) ${ev}`).join(" · ")} — ${TO_WIN} to win</p>
  </section>`;
}

function Tile({ entry, pawns }) {
  const [row, col] = TILES[entry[0]];
  const [code, ev, voters, leader] = entry;
  const here = pawns.filter((p) => p.pawn === code).map((p) => SHORT[p.seat]).join("");
  const label = `${code}, ${ev} electoral votes, led by the ${PARTIES[leader]}s: ${voters.map((v, p) => `${v} ${PARTIES[p]}`).join(", ")}${here ? `; pawn ${here}` : ""}`;
  return html`<div role="img" aria-label=${label} title=${label} data-state=${code} data-leader=${SHORT[leader]}
    style=${`grid-row:${row + 1};grid-column:${col + 1};${FILL[leader]};color:${INK[leader]};border-radius:4px;padding:2px;font-size:0.7rem;line-height:1.1;min-height:3rem`}>
    <strong>${code}</strong> <span class="ev">${ev}</span>${here ? html` <span title="candidate pawn">♟${here}</span>` : ""}
    <div>${voters.map((v, p) => html`<span key=${p} class="voters" data-party=${SHORT[p]} style="margin-right:3px">${SHORT[p]}${v}</span>`)}</div>
  </div>`;
}

function Party({ entry, name, toAct, mine }) {
  const hand = entry.hand.type === "OwnHand" ? entry.hand.cards.length : entry.hand.count;
  return html`<li class=${`seat ${toAct ? "to-act" : ""} ${mine ? "mine" : ""}`} aria-label=${`${name}${mine ? " (you)" : ""}`}>
    <header><span style=${`${FILL[entry.seat]};display:inline-block;width:0.9rem;height:0.9rem;border-radius:3px`}></span>
      <strong> ${name}</strong> <span class="muted">${entry.party}</span>${toAct ? html` <span class="turn-mark">to act</span>` : ""}</header>
    <p>${entry.candidate_name || html`<span class="muted">choosing a candidate</span>`}${entry.home ? ` (home ${entry.home})` : ""}</p>
    <p>$${entry.war_chest}M · ${entry.registered} registered · ${entry.electoral_votes} EV</p>
    <p class="muted">pawn ${entry.pawn || "—"} · ${plural(hand, "card")}${entry.ongoing.length ? ` · in play #${entry.ongoing.join(", #")}` : ""}</p>
  </li>`;
}

/** Your hand as printed, drawn in the table's dock: cards with no move now are dimmed and say so. */
export function Hand({ view, picked, playable, onPick, onPlay }) {
  if (!view || !view.my_cards.length) return "";
  return html`<section class="own-hand" aria-label="Your hand"><h3>Your hand</h3>
    <div class="hand ct-hand" role="group" aria-label="Your cards">${view.my_cards.map((c) => html`
      <button type="button" key=${c.number} data-card=${c.number} aria-pressed=${picked === c.number ? "true" : "false"}
        class=${onPick && playable && !playable.has(c.number) ? "unplayable" : ""}
        onClick=${() => onPick && onPick(c.number)} onDblClick=${() => onPlay && onPlay(c.number)}
        style=${`text-align:left;font-size:0.8rem;line-height:1.25;padding:0.3rem;${c.issues.length ? "" : "background:#4a1d3f;color:#fff"}`}>
        <strong>#${c.number}${c.title === `Action card #${c.number}` ? "" : ` ${c.title}`}</strong> <span class="card-issues">${c.issues.join(", ") || "Dirty Politics"}</span>
        <ol start="0" style="margin:0;padding-left:1.2rem">${c.actions.map((a, i) => html`<li key=${i}>${a}</li>`)}</ol>${
        onPick && playable && !playable.has(c.number) ? html`<span class="visually-hidden">, cannot be played now</span>` : ""}
      </button>`)}</div></section>`;
}

/** The end sheet: who won, and each party's electoral votes and states carried. */
function Finished({ view, names }) {
  const carried = (seat) => view.states.filter((entry) => entry[3] === seat).length;
  return html`<section class="finished" aria-label="Final result"><h3>Election Day: the votes are counted</h3>
    <p><strong>${view.winners.map((s) => names[s]).join(" and ")}</strong> ${view.winners.length > 1 ? "tie" : "wins"} the election.</p>
    <table class="score"><thead><tr><th scope="col">Party</th><th scope="col">Candidate</th><th scope="col">Electoral votes</th><th scope="col">States carried</th></tr></thead>
      <tbody>${view.seats.map((entry) => html`<tr key=${entry.seat} class=${view.winners.includes(entry.seat) ? "winner" : ""}>
        <th scope="row">${names[entry.seat]} (${entry.party})</th><td>${entry.candidate_name}</td><td>${entry.electoral_votes}</td><td>${carried(entry.seat)}</td></tr>`)}</tbody></table></section>`;
}

/** What the table waits for, said plainly: above all a Scandal's victim, who must choose. */
function Prompt({ view, seat, names }) {
  if (!view.choice) return "";
  const mine = view.choice.seats.includes(seat);
  const lose = "lose 3 registered voters and 1 voter per ethically minded state";
  return html`<p class="prompt scandal" role="status">${mine ? html`<strong>Scandal! You must choose:</strong> ${
    view.choice.options.includes("pay") ? `pay $60M, or ${lose}.` : `your war chest is under $60M, so you ${lose}.`}`
    : `Scandal: waiting for ${view.choice.seats.map((s) => names[s]).join(", ")} to choose.`}</p>`;
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
  if (view.debate.length || view.month === "Election Day") return "Only a debate card can be played now.";
  return null;
}

export function Board({ view, seat, summary, picked, onPick, handElsewhere = false }) {
  if (!view) return html`<p class="muted">The game has not started yet.</p>`;
  const names = view.seats.map((entry) => seatName(summary, entry.seat));
  const won = view.winners.length ? html`<${Finished} view=${view} names=${names} />` : "";
  return html`<div class="ct-board" style="display:grid;gap:0.5rem">
    <p class="turn"><strong>${view.month}</strong> · decks ${view.deck_sizes.join(" / ")}${
      view.pending ? ` · ${view.pending.kind} in progress` : ""}${view.choice ? ` · Scandal: ${names[view.choice.seats[0]]} chooses` : ""}${
      view.window ? ` · ${view.window.answers} by ${names[view.window.seat]} held for responses: ${view.window.choice.seats.map((s) => names[s]).join(", ")} may answer` : ""}${
      view.debate.length ? ` · debate cards #${view.debate.join(", #")}` : ""}</p>
    ${won}
    <${Prompt} view=${view} seat=${seat} names=${names} />
    <${Track} view=${view} names=${names} />
    <ol class="seats" aria-label="Parties">${view.seats.map((entry) => html`<${Party} key=${entry.seat} entry=${entry}
      name=${names[entry.seat]} toAct=${view.to_act.includes(entry.seat)} mine=${seat === entry.seat} />`)}</ol>
    <div class="ct-map-scroll" tabindex="0" role="region" aria-label="The map (it scrolls sideways on a narrow screen)">
      <section aria-label="The map" data-landing="map" style="display:grid;grid-template-columns:repeat(12,minmax(2.6rem,1fr));gap:3px">
        ${view.states.map((entry) => html`<${Tile} key=${entry[0]} entry=${entry} pawns=${view.seats} />`)}
      </section>
    </div>
    ${handElsewhere ? "" : html`<${Hand} view=${view} picked=${picked} onPick=${onPick} />`}
  </div>`;
}

const PARTY = (n) => PARTIES[n] || `party ${n}`;

/** The printed text of action `action` on card `number` of the viewer's hand, when it is there. */
function actionText(view, number, action) {
  const card = view && view.my_cards ? view.my_cards.find((c) => c.number === number) : null;
  return card && card.actions[action] ? card.actions[action] : `action ${action}`;
}

/** A legal command in words. */
export function label(command, view) {
  switch (command.type) {
    case "KeepCandidate": return `Keep candidate ${command.candidate}`;
    case "PlayCard": {
      const target = command.target >= 0 ? ` against the ${PARTY(command.target)}s` : "";
      const issues = command.issues && command.issues.length ? `, issues ${command.issues.join(" & ")}` : "";
      return `Play #${command.card}: ${actionText(view, command.card, command.action)}${target}${issues}`;
    }
    case "Move": return `Move to ${CODES[command.state]}`;
    case "Place": return `Place a voter in ${CODES[command.state]}`;
    case "Pay": return `Pay a voter from ${CODES[command.state]}`;
    case "Remove": return `Remove a ${PARTY(command.party)} voter from ${CODES[command.state]}`;
    case "Stop": return "Stop here";
    case "DebateCard": return `Debate with #${command.card}`;
    case "Choose": return command.option === "pay" ? "Pay $60M" : "Lose 3 registered voters and 1 voter per ethically minded state";
    case "PlayResponse": return `Respond with #${command.card}`;
    case "Pass": return "No response";
    default: return null;
  }
}

export function group(command) {
  return command.type === "PlayCard" ? "Play a card" : null;
}

export function cardOf(command) {
  return typeof command.card === "number" ? command.card : null;
}
