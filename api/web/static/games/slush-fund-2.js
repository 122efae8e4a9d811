// Slush Fund 2 drawn as a card table: hands, five politicians with both sides' contributions,
// journalists, the slush fund and the deck counts.
//
// Card ids (domain/games/slush_fund_2/cards.py): 0-29 red, 30-59 blue, each deck in the same order:
// six $1M, seven $2M, six $3M, one $4M, two hackers, two accountants, three spies, three journalists.

import { ScoreTable, Target, html, longHand, plural, seatName } from "../ui.js";
import { cardOf } from "./generic.js";

const PER_DECK = 30;
const MONEY = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4];
const POWERS = ["hacker", "hacker", "accountant", "accountant", "spy", "spy", "spy", "journalist", "journalist", "journalist"];
const COLOURS = ["red", "blue"];
const STEPS = {
  Examining: "taking cards from the slush fund",
  Playing: "playing cards",
  Spying: "resolving a spy",
  Auditing: "resolving an accountant",
  Over: "the game is over",
};
const PENALTY_CARDS = 3; // a VP lost for every three cards left in one's deck

/** What the player to act is doing, offering only what is possible (no examining an empty fund). */
function stepText(view) {
  if (view.step === "Choosing") return view.slush_fund.count ? "draw three cards or examine the slush fund" : "draw three cards (the slush fund is empty)";
  if (view.step === "Drawn") {
    const player = view.players[view.turn];
    // Recall costs a legal (face-up) contribution: a face-down one, seen or not, never pays for it.
    const legal = player && player.contributions.some((side) => side.some((c) => c.type === "SeenContribution" && !c.face_down));
    return legal && !view.final ? "stash a drawn card in the slush fund, or recall" : "stash a drawn card in the slush fund";
  }
  return STEPS[view.step] || view.step;
}

/** What a card is: {colour, kind, value, name}. */
export function card(id) {
  const index = id % PER_DECK;
  const colour = COLOURS[Math.floor(id / PER_DECK)];
  if (index < MONEY.length) return { colour, kind: "money", value: MONEY[index], name: `$${MONEY[index]}M` };
  const kind = POWERS[index - MONEY.length];
  return { colour, kind, value: 0, name: kind.charAt(0).toUpperCase() + kind.slice(1) };
}

const ICONS = { hacker: "H", accountant: "A", spy: "S", journalist: "J" };
const KIND_LABELS = { accountant: "Account\u00adant" }; // a soft hyphen: the word breaks where a reader expects

function Card({ id, onPick, onPlay, picked, small, playable }) {
  const c = card(id);
  const title = `${c.name} (${c.colour})`;
  const face = html`<span class="pip">${c.kind === "money" ? c.name : ICONS[c.kind]}</span>${
    c.kind === "money" ? "" : html`<span class="kind">${KIND_LABELS[c.kind] || c.name}</span>`}`;
  const dim = playable === false;
  const cls = `card ${c.colour} ${c.kind} ${small ? "small" : ""} ${picked ? "picked" : ""} ${dim ? "unplayable" : ""}`;
  if (onPick) {
    // Named by hidden text, not aria-label: the name then holds what the face shows (WCAG 2.5.3).
    return html`<button type="button" class=${cls} data-card=${id} aria-pressed=${picked ? "true" : "false"}
      onClick=${() => onPick(id)} onDblClick=${onPlay ? () => onPlay(id) : undefined}><span aria-hidden="true">${face}</span><span
      class="visually-hidden">${title}${dim ? ", cannot be played now" : ""}</span></button>`;
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
  return html`<div class=${`side ${colour}`} role="group" aria-label=${`${who}'s contributions`}>
    ${contributions.length ? contributions.map((entry, slot) => html`<${Contribution} key=${slot} entry=${entry} colour=${colour} />`)
      : html`<span class="empty" aria-hidden="true">·</span>`}
  </div>`;
}

function Politician({ politician, index, top, bottom, names, result, targets, onTarget }) {
  const count = politician.journalists.length;
  const worth = count >= 3 ? 0 : politician.ladder[count];
  const won = result ? result.won[index] : undefined;
  return html`<li class="politician" aria-label=${politician.name}>
    <${Side} contributions=${top.contributions[index]} colour=${COLOURS[top.seat]} who=${names[top.seat]} />
    <${Target} target=${`politician:${index}`} targets=${targets} onTarget=${onTarget} label=${politician.name}
      className=${`portrait ${won !== undefined && won !== null ? `won-${COLOURS[won]}` : ""}`}>
      <strong>${politician.name}</strong>
      <span class="ladder" aria-label=${`worth ${worth} VP`}>${politician.ladder.map((vp, step) =>
        html`<span class=${step === count ? "now" : ""}>${vp}</span>`)}<span class="unit">VP</span></span>
      <span class="journalists" aria-label=${plural(count, "journalist")}>${
        politician.journalists.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}${
        count ? "" : html`<span class="muted">no journalists</span>`}</span>
      ${result ? html`<span class="money">$${result.totals[top.seat][index]}M vs $${result.totals[bottom.seat][index]}M</span>` : ""}
    </${Target}>
    <${Side} contributions=${bottom.contributions[index]} colour=${COLOURS[bottom.seat]} who=${names[bottom.seat]} />
  </li>`;
}

function Player({ player, name, mine, picked, onPick, toAct, handElsewhere, onlooker = false }) {
  const colour = COLOURS[player.seat];
  if (mine && handElsewhere) {
    return html`<section class=${`player ${colour} ${toAct ? "to-act" : ""}`} aria-label=${`${name}'s deck`}>
      <header><span class=${`dot ${colour}`} aria-hidden="true"></span><strong>${name}</strong>
        <span class="muted">${colour} · you${toAct ? " · to play" : ""}</span></header>
      <${Deck} player=${player} />
    </section>`;
  }
  const hand = player.hand.type === "OwnHand"
    ? player.hand.cards.map((id) => html`<${Card} key=${id} id=${id} picked=${picked === id}
        onPick=${mine && onPick ? onPick : null} />`)
    : Array.from({ length: player.hand.count }, (_, i) => html`<${Back} key=${i} colour=${colour} />`);
  return html`<section class=${`player ${colour} ${toAct ? "to-act" : ""}`} aria-label=${`${name}'s hand and deck`}>
    <header><span class=${`dot ${colour}`} aria-hidden="true"></span><strong>${name}</strong>
      <span class="muted">${colour}${mine && !onlooker ? " · you" : ""}${toAct ? " · to play" : ""}</span></header>
    <div class="hand" role="group" aria-label=${mine && !onlooker ? "Your hand" : `${name}'s hand`}>
      ${hand.length ? hand : html`<span class="muted">no cards in hand</span>`}
    </div>
    <${Deck} player=${player} />
  </section>`;
}

function Deck({ player }) {
  return html`<p class="deck">Deck: <strong>${plural(player.deck_count, "card")}</strong>${
    player.deck_top.length ? html` · on top: ${player.deck_top.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}` : ""}</p>`;
}

/** Your hand, drawn in the table's dock: cards with no move now are dimmed and say so. */
/** On a phone, a hand with many moves has them reached through its cards (a tap lists a card's few). */
export function cardFirst(view, seat, moves) {
  const player = view && view.players && seat !== null && seat !== undefined ? view.players[seat] : null;
  if (!player || player.hand.type !== "OwnHand") return null;
  return longHand(player.hand.cards, moves, cardOf);
}

export function Hand({ view, seat, picked, playable, onPick, onPlay }) {
  if (!view) return "";
  const player = view.players[seat];
  const cards = player && player.hand.type === "OwnHand" ? player.hand.cards : [];
  // Taking from the slush fund: the cards you may take sit here too, beside their moves (on a phone the
  // fund on the board is under the dock).
  const fund = onPick && view.step === "Examining" ? view.slush_fund.known.filter((id) => playable.has(id)) : [];
  const drawn = (id) => html`<${Card} key=${id} id=${id}
      picked=${picked === id} playable=${onPick ? playable.has(id) : undefined} onPick=${onPick} onPlay=${onPlay} />`;
  return html`<section class="own-hand" aria-label="Your hand">
    <h2>Your hand <span class="muted">(${plural(cards.length, "card")})</span></h2>
    <div class="hand" role="group" aria-label="Your cards">${cards.length ? cards.map(drawn)
      : html`<span class="muted">no cards in hand</span>`}</div>
    ${fund.length ? html`<h2>From the slush fund <span class="muted">(take ${fund.length === 1 ? "it" : "them"} one by one)</span></h2>
      <div class="hand" role="group" aria-label="Cards you may take from the slush fund">${fund.map(drawn)}</div>` : ""}
  </section>`;
}

function Result({ result, names, view }) {
  const minus = (n) => (n ? `−${n}` : "0");
  return html`<section class="sheet" aria-label="The final score">
    <${ScoreTable} caption="Who bought each politician" heads=${["Politician", names[0], names[1], "Journalists", "Won by", "VP"]}
      rows=${view.politicians.map((politician, p) => ({ key: p, head: politician.name,
        cells: [`$${result.totals[0][p]}M`, `$${result.totals[1][p]}M`, politician.journalists.length,
          result.won[p] === null ? "nobody (a tie)" : names[result.won[p]], result.worth ? result.worth[p] : ""] }))} />
    <${ScoreTable} caption="Final score" heads=${["Player", "Politicians", "Deck penalty", "VP"]}
      rows=${result.scores.map((score, seat) => ({ key: seat, className: result.winners.includes(seat) ? "winner" : "",
        head: `${names[seat]}${result.winners.includes(seat) ? " (wins)" : ""}`,
        cells: [score + result.penalties[seat],
          html`${minus(result.penalties[seat])} <span class="muted">(${plural(view.players[seat].deck_count, "card")} left: 1 VP per ${PENALTY_CARDS})</span>`,
          score] }))} />
    ${result.tiebreak ? html`<p>Tie-break: ${result.tiebreak}.</p>` : ""}
  </section>`;
}

export function Board({ view, seat, summary, picked, onPick, toAct = [], handElsewhere = false, targets = null, onTarget = null, onlooker = false }) {
  if (!view) return html`<p class="muted">The game has not started yet.</p>`;
  const names = view.players.map((p) => seatName(summary, p.seat));
  const me = seat === null || seat === undefined ? 0 : seat;
  const bottom = view.players[me];
  const top = view.players[1 - me];
  return html`<div class="sf2">
    <${Player} player=${top} name=${names[top.seat]} mine=${false} toAct=${toAct.includes(top.seat)} />
    <p class="turn">${view.step === "Over" ? html`<strong>The game is over.</strong>` : html`<strong>${names[view.turn]}</strong>'s turn${
      view.final ? html` · <strong>final turn</strong>` : ""} · ${stepText(view)}`}</p>
    <ol class="politicians" aria-label="The five politicians">
      ${view.politicians.map((politician, index) => html`<${Politician} key=${index} politician=${politician} index=${index}
        top=${top} bottom=${bottom} names=${names} result=${view.result} targets=${targets} onTarget=${onTarget} />`)}
    </ol>
    <div class="piles">
      <section class="slush" aria-label="The slush fund" data-landing="slush"><${Target} target="slush" targets=${targets} onTarget=${onTarget} label="The slush fund">
        <strong>Slush fund</strong> <span class="count">${view.slush_fund.count}</span> ${view.slush_fund.count === 1 ? "card" : "cards"}
        ${view.slush_fund.known.length ? html`<span class="known"> · ${seat === null || seat === undefined ? "in it" : "you know of"}: ${
          view.slush_fund.known.map((id) => html`<${Card} key=${id} id=${id} small=${true} />`)}</span>` : ""}
      </${Target}></section>
      <section class="discard" aria-label="Discard pile"><${Target} target="discard" targets=${targets} onTarget=${onTarget} label="The discard pile">
        <strong>Discarded</strong> <span class="count">${view.discard_count}</span></${Target}></section>
    </div>
    <${Player} player=${bottom} name=${names[bottom.seat]} mine=${seat === bottom.seat} picked=${picked}
      onPick=${onPick} toAct=${toAct.includes(bottom.seat)} handElsewhere=${handElsewhere} onlooker=${onlooker} />
    ${view.result ? html`<${Result} result=${view.result} names=${names} view=${view} />` : ""}
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

/** Where a command puts its card on the table: a politician, the slush fund or the discard pile. */
export function targetOf(command) {
  if (command.type === "StashInSlushFund") return "slush";
  if (command.type === "DiscardPowerCard") return "discard";
  const onPolitician = ["PlayMoneyCard", "PlayJournalist", "PayOffJournalist", "PlayHacker"];
  return onPolitician.includes(command.type) ? `politician:${command.politician}` : null;
}

/** Why a card in your hand has no move now. */
export function whyNot(id, view) {
  const step = view && view.step;
  if (step === "Choosing") return "First draw three cards or examine the slush fund.";
  if (step === "Drawn") return "Stash one of the three cards you drew in the slush fund first.";
  if (step === "Examining") return "Take your cards from the slush fund first.";
  if (step === "Spying" || step === "Auditing") return "Finish the spy or accountant you played first.";
  if (card(id).kind === "journalist") return "No politician can take this journalist now.";
  return null;
}

/** How to play, in short (from docs/rules/slush-fund-2.md and the rules' prose). */
export const howToPlay = {
  goal: "Win politicians: each goes to the player with more money on their side of it, worth its value in VP (journalists lower it). Most VP wins.",
  turn: "Either draw 3 cards, stash 1 face down in the slush fund and play the other 2, or (with 3 or more in the fund) look at the fund, take 3 and play them. Money goes face up (legal) or face down (illegal); power cards spy, audit, hack or bring journalists.",
  end: "When a deck runs out both players play a final 3 cards one at a time, then the politicians are scored; each player loses 1 VP per 3 cards left in their deck.",
};
