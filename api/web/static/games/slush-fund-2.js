// Slush Fund 2 drawn as a card table: hands, five politicians with both sides' contributions,
// journalists, the slush fund and the deck counts.
//
// Card ids (domain/games/slush_fund_2/cards.py): 0-29 red, 30-59 blue, each deck in the same order:
// six $1M, seven $2M, six $3M, one $4M, two hackers, two accountants, three spies, three journalists.

import { html, seatName } from "../ui.js";

const PER_DECK = 30;
const MONEY = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4];
const POWERS = ["hacker", "hacker", "accountant", "accountant", "spy", "spy", "spy", "journalist", "journalist", "journalist"];
const COLOURS = ["red", "blue"];
const STEPS = {
  Choosing: "draw three cards or examine the slush fund",
  Drawn: "recall, or stash a drawn card in the slush fund",
  Examining: "taking cards from the slush fund",
  Playing: "playing cards",
  Spying: "resolving a spy",
  Auditing: "resolving an accountant",
  Over: "the game is over",
};

/** What a card is: {colour, kind, value, name}. */
export function card(id) {
  const index = id % PER_DECK;
  const colour = COLOURS[Math.floor(id / PER_DECK)];
  if (index < MONEY.length) return { colour, kind: "money", value: MONEY[index], name: `$${MONEY[index]}M` };
  const kind = POWERS[index - MONEY.length];
  return { colour, kind, value: 0, name: kind.charAt(0).toUpperCase() + kind.slice(1) };
}

const ICONS = { hacker: "H", accountant: "A", spy: "S", journalist: "J" };

function Card({ id, onPick, picked, small }) {
  const c = card(id);
  const title = `${c.name} (${c.colour})`;
  const face = html`<span class="pip">${c.kind === "money" ? c.name : ICONS[c.kind]}</span>${
    c.kind === "money" ? "" : html`<span class="kind">${c.name}</span>`}`;
  const cls = `card ${c.colour} ${c.kind} ${small ? "small" : ""} ${picked ? "picked" : ""}`;
  if (onPick) {
    return html`<button type="button" class=${cls} data-card=${id} aria-pressed=${picked ? "true" : "false"}
      aria-label=${`${title}${picked ? ", picked" : ""}`} onClick=${() => onPick(id)}>${face}</button>`;
  }
  return html`<span class=${cls} data-card=${id} title=${title} role="img" aria-label=${title}>${face}</span>`;
}

function Back({ colour, label = "face-down card" }) {
  return html`<span class=${`card back ${colour || ""}`} role="img" aria-label=${label}></span>`;
}

function Contribution({ entry, colour }) {
  if (entry.type === "HiddenContribution") return html`<${Back} colour=${colour} label="hidden illegal contribution" />`;
  return html`<span class=${`contribution ${entry.face_down ? "illegal" : "legal"}`}
    title=${entry.face_down ? "illegal (face-down) contribution" : "legal contribution"}>
    <${Card} id=${entry.card} small=${true} /></span>`;
}

function Side({ contributions, colour, who }) {
  return html`<div class=${`side ${colour}`} aria-label=${`${who}'s contributions`}>
    ${contributions.length ? contributions.map((entry, slot) => html`<${Contribution} key=${slot} entry=${entry} colour=${colour} />`)
      : html`<span class="empty" aria-hidden="true">·</span>`}
  </div>`;
}

function Politician({ politician, index, top, bottom, names, result }) {
  const count = politician.journalists.length;
  const worth = count >= 3 ? 0 : politician.ladder[count];
  const won = result ? result.won[index] : undefined;
  return html`<li class="politician" aria-label=${politician.name}>
    <${Side} contributions=${top.contributions[index]} colour=${COLOURS[top.seat]} who=${names[top.seat]} />
    <div class=${`portrait ${won !== undefined && won !== null ? `won-${COLOURS[won]}` : ""}`}>
      <strong>${politician.name}</strong>
      <span class="ladder" aria-label=${`worth ${worth} VP`}>${politician.ladder.map((vp, step) =>
        html`<span class=${step === count ? "now" : ""}>${vp}</span>`)}<span class="unit">VP</span></span>
      <span class="journalists" aria-label=${`${count} journalists`}>${
        politician.journalists.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}${
        count ? "" : html`<span class="muted">no journalists</span>`}</span>
      ${result ? html`<span class="money">$${result.totals[top.seat][index]}M vs $${result.totals[bottom.seat][index]}M</span>` : ""}
    </div>
    <${Side} contributions=${bottom.contributions[index]} colour=${COLOURS[bottom.seat]} who=${names[bottom.seat]} />
  </li>`;
}

function Player({ player, name, mine, picked, onPick, toAct }) {
  const colour = COLOURS[player.seat];
  const hand = player.hand.type === "OwnHand"
    ? player.hand.cards.map((id) => html`<${Card} key=${id} id=${id} picked=${picked === id}
        onPick=${mine && onPick ? onPick : null} />`)
    : Array.from({ length: player.hand.count }, (_, i) => html`<${Back} key=${i} colour=${colour} />`);
  return html`<section class=${`player ${colour} ${toAct ? "to-act" : ""}`} aria-label=${`${name}'s hand and deck`}>
    <header><span class=${`dot ${colour}`} aria-hidden="true"></span><strong>${name}</strong>
      <span class="muted">${colour}${mine ? " · you" : ""}${toAct ? " · to play" : ""}</span></header>
    <div class="hand" role="group" aria-label=${mine ? "Your hand" : `${name}'s hand`}>
      ${hand.length ? hand : html`<span class="muted">no cards in hand</span>`}
    </div>
    <p class="deck">Deck: <strong>${player.deck_count}</strong> cards${
      player.deck_top.length ? html` · on top: ${player.deck_top.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}` : ""}</p>
  </section>`;
}

function Result({ result, names }) {
  return html`<table class="score">
    <caption>Final score</caption>
    <thead><tr><th scope="col">Player</th><th scope="col">Penalty</th><th scope="col">VP</th></tr></thead>
    <tbody>${result.scores.map((score, seat) => html`<tr class=${result.winners.includes(seat) ? "winner" : ""}>
      <th scope="row">${names[seat]}</th><td>−${result.penalties[seat]}</td><td>${score}</td></tr>`)}</tbody>
  </table>`;
}

export function Board({ view, seat, summary, picked, onPick, toAct = [] }) {
  if (!view) return html`<p class="muted">The game has not started yet.</p>`;
  const names = view.players.map((p) => seatName(summary, p.seat));
  const me = seat === null || seat === undefined ? 0 : seat;
  const bottom = view.players[me];
  const top = view.players[1 - me];
  return html`<div class="sf2">
    <${Player} player=${top} name=${names[top.seat]} mine=${false} toAct=${toAct.includes(top.seat)} />
    <p class="turn">${view.step === "Over" ? html`<strong>The game is over.</strong>` : html`<strong>${names[view.turn] || `Seat ${view.turn + 1}`}</strong>'s turn${
      view.final ? html` · <strong>final turn</strong>` : ""} · ${STEPS[view.step] || view.step}`}</p>
    <ol class="politicians" aria-label="The five politicians">
      ${view.politicians.map((politician, index) => html`<${Politician} key=${index} politician=${politician} index=${index}
        top=${top} bottom=${bottom} names=${names} result=${view.result} />`)}
    </ol>
    <div class="piles">
      <section class="slush" aria-label="The slush fund">
        <strong>Slush fund</strong> <span class="count">${view.slush_fund.count}</span> cards
        ${view.slush_fund.known.length ? html`<span class="known"> · you know of: ${view.slush_fund.known.map((id) =>
          html`<${Card} key=${id} id=${id} small=${true} />`)}</span>` : ""}
      </section>
      <section class="discard" aria-label="Discard pile"><strong>Discarded</strong> <span class="count">${view.discard_count}</span></section>
    </div>
    <${Player} player=${bottom} name=${names[bottom.seat]} mine=${seat === bottom.seat} picked=${picked}
      onPick=${onPick} toAct=${toAct.includes(bottom.seat)} />
    ${view.result ? html`<${Result} result=${view.result} names=${names} />` : ""}
  </div>`;
}

const POLITICIAN_NAMES = ["Governor Maple", "Senator Brandt", "Mayor Okafor", "Judge Pettibone", "Councillor Reyes"];

function politicianName(view, index) {
  return (view && view.politicians[index] && view.politicians[index].name) || POLITICIAN_NAMES[index] || `politician ${index + 1}`;
}

function contributionName(view, seat, politician, slot) {
  const player = view && seat !== null && seat !== undefined ? view.players[seat] : null;
  const entry = player && player.contributions[politician] && player.contributions[politician][slot];
  if (!entry || entry.type === "HiddenContribution") return `contribution #${slot + 1}`;
  return `${card(entry.card).name}${entry.face_down ? " (illegal)" : ""}`;
}

/** A legal command in words, naming cards and politicians as the viewer sees them. */
export function label(command, view, seat) {
  const other = seat === null || seat === undefined ? null : 1 - seat;
  const at = (p) => politicianName(view, p);
  const mine = (p, s) => contributionName(view, seat, p, s);
  const theirs = (p, s) => contributionName(view, other, p, s);
  const name = typeof command.card === "number" ? card(command.card).name : "";
  switch (command.type) {
    case "DrawCards": return "Draw three cards";
    case "ExamineSlushFund": return "Examine the slush fund";
    case "Recall": return `Recall: discard your ${mine(command.politician, command.slot)} at ${at(command.politician)} and draw three new cards`;
    case "StashInSlushFund": return `Stash ${name} in the slush fund`;
    case "TakeFromSlushFund": return `Take ${name} from the slush fund`;
    case "PlayMoneyCard": return `Give ${name} to ${at(command.politician)}${command.face_down ? " face-down (illegal)" : ""}${
      command.discard !== null && command.discard !== undefined ? `, discarding your ${mine(command.politician, command.discard)} first` : ""}`;
    case "PlaySpy": return "Play the spy";
    case "RevealContribution": return `Reveal their ${theirs(command.politician, command.slot)} at ${at(command.politician)}`;
    case "ConcealContribution": return `Conceal your ${mine(command.politician, command.slot)} at ${at(command.politician)}`;
    case "PlayAccountant": return "Play the accountant";
    case "MoveContribution": return `Move your ${mine(command.politician, command.slot)} from ${at(command.politician)} to ${at(command.to)}`;
    case "PlayHacker": return `Hack ${at(command.politician)}: swap your ${mine(command.politician, command.slot)} for their ${theirs(command.politician, command.opponent_slot)}`;
    case "PlayJournalist": return `Send the journalist to ${at(command.politician)}`;
    case "PayOffJournalist": return `Pay off a journalist at ${at(command.politician)} with this ${name} and your ${mine(command.politician, command.slot)}`;
    case "DiscardPowerCard": return `Discard ${name} unused`;
    default: return null;
  }
}

/** Commands about one card are listed under it; the rest under the turn's choices. */
export function group(command) {
  if (typeof command.card !== "number") return "This step";
  return `With ${card(command.card).name} (${card(command.card).colour})`;
}
