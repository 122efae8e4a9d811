// Super PACS drawn as a table: each coalition in colour columns (a shape and a letter beside each
// colour, for colour-blind players), the sneaked zone face down, hands, leaders, tokens, the
// investments row, the event being played, and a clear prompt when a surprise may be played.
//
// Every card says what it does on the page, never only in a tooltip: a card in your hand shows its
// types, numbers and text on its face; a card on the table opens with a tap (a <details>) to show them.
// Each seat shows its running totals (votes, wealth, power); the end sheet breaks power down.
//
// Card ids (domain/games/super_pacs/cards): factions 0-61, leaders 100-111, events 200-218 (the
// elections 200-202), investments 300-323. Names, numbers and text come from super-pacs-cards.js,
// generated from the same data files the rules load.

import { ScoreTable, html, plural, seatName } from "../ui.js";
import { CARDS, MARKS } from "./super-pacs-cards.js";
import { whose as whoseHand } from "./whose.js";

const COLOURS = ["red", "gray", "blue", "green", "gold"];
const HEX = { red: "#b3261e", gray: "#616161", blue: "#1f4fa3", green: "#2e7d32", gold: "#7a5a00" };
const STEPS = ["initial action", "main action", "after the main action"];
const ELECTIONS = [200, 201, 202];

const card = (id) => CARDS[id] || { name: `card ${id}`, colour: "gray", types: [], text: "" };
const cardName = (id) => card(id).name;
const mark = (colour) => MARKS[colour] || "";
const megabucks = (n) => plural(n, "megabuck");
/** "an Oil Barons" / "a Teachers": the article a name takes. */
const article = (word) => (/^[AEIOU]/i.test(word) ? "an" : "a");

/** What a card does, in words, from the card data: its kind and text (an exploit says "Exploit:"). */
export function cardText(id) {
  const c = card(id);
  const text = c.text || "";
  if (c.kind === "exploit") return `Exploit: ${text}`;
  if (c.kind === "event") return `Event: ${text}`;
  if (c.kind === "election") return `Election: ${text}`;
  if (id >= 300) return `Costs ${megabucks(c.cost)}. ${text}`;
  return text;
}

/** A faction's (or an election's) type(s) and numbers, as a line of words. */
function facts(c) {
  const parts = [];
  if (c.types && c.types.length) parts.push(c.types.join(", "));
  if (c.votes !== undefined) parts.push(`${plural(c.votes, "vote")} · ${c.wealth} wealth · ${c.power} power`);
  return parts.join(" — ");
}

const FACE = "line-height: 1.2; padding: 0.25rem; white-space: normal; text-align: left; overflow: visible; justify-content: flex-start; align-items: stretch; font-weight: normal;";
const handStyle = (colour) => `width: 8.6rem; height: auto; min-height: 6rem; font-size: 0.72rem; ${FACE} border: 2px solid ${HEX[colour] || "#999"}; color: #1d2420;`;

/** A card in your hand: every word on its face (name, colour, types, numbers, what it does). */
function HandCard({ id, onPick, onPlay, picked, playable, why = null }) {
  const c = card(id);
  const dim = playable === false;
  const colour = c.colour || "gold";
  const cls = `card sp full ${colour} ${picked ? "picked" : ""} ${dim ? "unplayable" : ""}`;
  return html`<button type="button" class=${cls} style=${handStyle(colour)} data-card=${id} aria-pressed=${picked ? "true" : "false"}
      onClick=${onPick ? () => onPick(id) : undefined} onDblClick=${onPlay ? () => onPlay(id) : undefined}>
    <span class="name" style=${`display: block; font-weight: bold; color: ${dim ? "#1d2420" : HEX[colour] || "#1d2420"}`}>${c.colour ? html`<span class="mark">${mark(c.colour)}</span> ` : ""}${c.name}</span>
    ${id >= 100 && id < 200 ? html`<span class="facts" style="display: block">${c.colour} leader · superpower costs ${megabucks(c.cost)}</span>` : html`<span class="facts" style="display: block">${facts(c)}</span>`}
    <span class="text" style="display: block">${cardText(id)}</span>
    ${dim && why ? html`<span class="why" style="display: block">${why(id)}</span>` : dim ? html`<span class="visually-hidden">, cannot be played now</span>` : ""}
  </button>`;
}

/** A card on the table: its name and numbers; a tap opens what it is and does. */
function TableCard({ id }) {
  const c = card(id);
  const faction = c.kind !== "event";
  const colour = faction ? c.colour || "gold" : "event";
  return html`<details class=${`card sp small ${colour}`} data-card=${id} style=${`border-color: ${HEX[colour] || "#999"}`}>
    <summary><span class="mark" aria-hidden="true">${faction && c.colour ? mark(c.colour) : ""}</span> <span class="name">${c.name}</span>${
      faction && c.votes !== undefined ? html` <span class="numbers">${c.votes}v ${c.wealth}w ${c.power}p</span>` : ""}</summary>
    ${faction ? html`<span class="facts">${facts(c)}</span> ` : ""}<span class="text">${cardText(id)}</span>
  </details>`;
}

function Backs({ count, label }) {
  return html`<span class="backs" role="img" aria-label=${label}>${
    Array.from({ length: count }, (_, i) => html`<span key=${i} class="card back sp small" aria-hidden="true"></span>`)}</span>`;
}

function hidden(zone) {
  return zone.type === "OwnHand" ? { cards: zone.cards, count: zone.cards.length } : { cards: null, count: zone.count };
}

function Coalition({ cards }) {
  return html`<div class="coalition" role="group" aria-label="Coalition">${COLOURS.map((colour) => {
    const column = cards.filter((id) => card(id).colour === colour);
    return html`<div key=${colour} class=${`column ${colour}`} style=${`border-top: 3px solid ${HEX[colour]}`}
      aria-label=${`${colour} column: ${column.length}`}>
      <div class="column-head"><span aria-hidden="true">${mark(colour)}</span> ${colour}</div>
      ${column.map((id) => html`<${TableCard} key=${id} id=${id} />`)}
    </div>`;
  })}</div>`;
}

/** A leader: its colour, campaign action and superpower with its cost, in words. */
function Leader({ id, cost, used }) {
  const c = card(id);
  return html`<details class=${`leader sp ${c.colour}`} data-card=${id} open>
    <summary><span aria-hidden="true">${mark(c.colour)}</span> <strong>${c.name}</strong> <span class="muted">(${c.colour})</span>${
      used ? html` <span class="used">superpower used this round</span>` : ""}</summary>
    <span class="text">${c.text.replace(/Superpower \(\d+\)/, `Superpower (costs ${megabucks(cost === undefined ? c.cost : cost)}${cost !== undefined && cost !== c.cost ? `, printed ${c.cost}` : ""})`)}</span>
  </details>`;
}

function Investment({ id, worth }) {
  return html`<li class="investment chip" data-card=${id}><details><summary><strong>${cardName(id)}</strong>${
    worth !== undefined ? ` · worth ${plural(worth, "power", "power")} now` : ` · ${megabucks(card(id).cost)}`}</summary>
    <span class="text">${cardText(id)}</span></details></li>`;
}

function Totals({ entry }) {
  const fromInvestments = (entry.investment_worth || []).reduce((a, b) => a + b, 0);
  return html`<p class="totals" aria-label="Totals"><span class="total votes">${plural(entry.votes, "vote")}</span> · <span class="total wealth">${entry.wealth} wealth</span> · <span class="total power">${entry.power} power</span>${
    fromInvestments ? html` <span class="muted">(coalition ${entry.coalition_power} + investments ${fromInvestments})</span>` : ""}</p>`;
}

function Seat({ entry, name, view, mine, toAct, onlooker = false }) {
  const sneaked = hidden(entry.sneaked);
  const hand = hidden(entry.hand);
  const you = mine && !onlooker;
  const tokens = Object.entries(view.tokens).filter(([, holder]) => holder === entry.seat).map(([token]) => token);
  return html`<li class=${`seat sp ${toAct ? "to-act" : ""} ${mine ? "mine" : ""}`} aria-label=${`${name}${you ? " (you)" : ""}`}>
    <header><strong>${name}</strong>${you ? html` <span class="muted">you</span>` : ""}${toAct ? html` <span class="turn-mark">to act</span>` : ""}</header>
    ${entry.leader >= 0 ? html`<${Leader} id=${entry.leader} cost=${entry.superpower_cost} used=${entry.superpower_used} />`
      : html`<p class="muted">${entry.picked ? "leader picked, face down" : "picking a leader"}</p>`}
    <${Totals} entry=${entry} />
    <p><strong>${megabucks(entry.megabucks)}</strong> · ${plural(entry.hand_cards, "card")} in hand (${plural(hand.count, "faction")})${
      entry.owes_discards ? html` · <strong>owes ${plural(entry.owes_discards, "discard")}</strong>` : ""}</p>
    ${tokens.length ? html`<ul class="tokens-held chips" aria-label="Tokens held">${tokens.map((t) => html`<li key=${t} class="token-name chip">${t}</li>`)}</ul>` : ""}
    ${!mine && hand.cards ? html`<div class="hand seen" role="group" aria-label=${`${name}'s hand`}>${name}'s hand: ${hand.cards.length
      ? hand.cards.map((id) => html`<${TableCard} key=${id} id=${id} />`) : html`<span class="muted">no factions</span>`}</div>` : ""}
    <${Coalition} cards=${entry.coalition} />
    <div class="sneaked" aria-label="Sneaked zone">Sneaked: ${sneaked.cards
      ? (sneaked.cards.length ? sneaked.cards.map((id) => html`<${TableCard} key=${id} id=${id} />`) : html`<span class="muted">none</span>`)
      : (sneaked.count ? html`<${Backs} count=${sneaked.count} label=${`${plural(sneaked.count, "sneaked card")} face down`} />` : html`<span class="muted">none</span>`)}</div>
    ${entry.investments.length ? html`<div class="investments">Investments: <ul class="chips" aria-label="Investments owned">${
      entry.investments.map((id, i) => html`<${Investment} key=${id} id=${id} worth=${(entry.investment_worth || [])[i]} />`)}</ul></div>` : ""}
  </li>`;
}

/** What asked for the discards owed now, in words. */
function cause(view, names) {
  const of = view.cause_of;
  switch (view.cause) {
    case "exploit": return `the exploit of ${cardName(of)}`;
    case "superpower": return `${cardName(of)}'s superpower`;
    case "event": return `the event ${cardName(of)}`;
    case "campaign": return `${cardName(of)}'s campaign action`;
    case "treasury": return `the Treasury, which cannot pay ${names[of]}: everyone discards down to 5 cards in hand (factions or megabucks), then ${names[of]} collects`;
    default: return "";
  }
}

function Prompt({ view, seat, toAct, names }) {
  const waiting = seat !== null && seat !== undefined && toAct.includes(seat);
  const pending = view.pending;
  const election = view.election;
  const window = (pending && pending.window) || (election && election.window);
  if (window) {
    const what = election ? `the ${cardName(election.card)} election count`
      : `${cardName(pending.card)}${pending.owner >= 0 ? ` (played by ${names[pending.owner]})` : ""}`;
    return html`<p class="prompt surprise" role="status">${waiting ? html`<strong>You may play a surprise now</strong> on ${what}, or pass.`
      : html`Surprises may be played on ${what}: waiting for ${window.seats.map((s) => names[s]).join(", ")}.`}</p>`;
  }
  if (pending && pending.choice) {
    const chooser = pending.choice.seats[0];
    return html`<p class="prompt choice" role="status">${chooser === seat ? html`<strong>Choose a target</strong> for ${cardName(pending.card)}: your moves list the targets.`
      : `${names[chooser]} chooses a target for ${cardName(pending.card)}.`}</p>`;
  }
  const owing = view.seats.filter((entry) => entry.owes_discards);
  if (owing.length) {
    const why = cause(view, names);
    return html`<p class="prompt discards" role="status">Discards owed: ${owing.map((e) => `${names[e.seat]} ${e.owes_discards}`).join(", ")}${why ? ` (asked by ${why})` : ""}.</p>`;
  }
  return "";
}

/** The card being played now (an exploit, a superpower, an event or an election), with its text. */
function Playing({ view, names }) {
  const pending = view.pending;
  const election = view.election;
  if (!pending && !election) return "";
  const id = election ? election.card : pending.card;
  const who = pending && pending.owner >= 0 ? `${names[pending.owner]} plays ` : "";
  const kind = election ? "Election" : { exploit: "Exploit", superpower: "Superpower", event: "Event" }[pending.kind] || pending.kind;
  const plays = (election ? election.plays : pending.plays) || [];
  return html`<section class="playing" aria-label="Being played">
    <p><strong>${kind}:</strong> ${who}<strong>${cardName(id)}</strong> — <span class="text">${pending && pending.kind === "superpower" ? card(id).text.replace(/^.*Superpower \(\d+\): /, "") : cardText(id)}</span></p>
    ${plays.length ? html`<p class="answered">Answered with: ${plays.map(([s, c], i) => html`${i ? "; " : ""}<span key=${i}>${names[s]}: <strong>${cardName(c)}</strong> (${c >= 100 ? "superpower" : card(c).text})</span>`)}</p>` : ""}
    ${election ? html`<p class="votes" aria-label="Votes">Votes now: ${view.seats.map((e) => html`<span key=${e.seat} class="election-votes">${e.seat ? " · " : ""}${names[e.seat]} <strong>${election.votes[e.seat]}</strong></span>`)}</p>` : ""}
  </section>`;
}

const ELECTION_ROUNDS = [4, 7, 10];

/** Last round's event, with its text, through the next round (an election stays in its winner's coalition). */
function LastEvent({ view }) {
  const round = view.round - 1;
  const done = (view.events_revealed || []).filter((id) => !ELECTIONS.includes(id));
  if (view.phase !== "turn" || round < 1 || ELECTION_ROUNDS.includes(round) || !done.length) return "";
  const id = done[done.length - 1];
  return html`<p class="last-event">Last round's event: <strong>${cardName(id)}</strong> — <span class="text">${card(id).text}</span></p>`;
}

function Finished({ view, names }) {
  const top = view.winners.map((s) => names[s]).join(" and ");
  const won = ELECTIONS.map((id) => [id, view.seats.find((e) => e.coalition.includes(id))]).filter(([, e]) => e);
  return html`<section class="finished" aria-label="Final result"><h3>Game over</h3>
    <p>${view.winners.length ? `${top} wins.` : "A tie at the top: the country falls into civil war and everybody loses."}</p>
    <p class="elections-won">${won.map(([id, e], i) => html`<span key=${id}>${i ? " · " : ""}${cardName(id)}: <strong>${names[e.seat]}</strong></span>`)}</p>
    <${ScoreTable} heads=${["Player", "Factions", "Elections won", "Investments", "Power"]} rows=${view.seats.map((entry) => {
      const elections = entry.coalition.filter((id) => ELECTIONS.includes(id));
      const fromElections = elections.reduce((sum, id) => sum + card(id).power, 0);
      const fromInvestments = (entry.investment_worth || []).reduce((a, b) => a + b, 0);
      return { key: entry.seat, className: view.winners.includes(entry.seat) ? "winner" : "", head: names[entry.seat],
        cells: [{ value: entry.coalition_power - fromElections, className: "factions" },
          { value: html`${fromElections}${elections.length ? html` <span class="muted">(${plural(elections.length, "election")})</span>` : ""}`, className: "elections" },
          { value: fromInvestments, className: "investments" }, { value: html`<strong>${view.scores[entry.seat]}</strong>`, className: "power" }] };
    })} /></section>`;
}

/** What the table waits on, in one line in the dock (a phone's dock covers the board): the card being
 * answered, the election's votes, the discards owed. */
function Status({ view, seat, summary }) {
  const names = view.seats.map((entry) => (entry.seat === seat ? "you" : seatName(summary, entry.seat)));
  const election = view.election;
  const pending = view.pending;
  if (election) {
    return html`<p class="dock-status">${cardName(election.card)} votes: ${view.seats.map((e) => `${names[e.seat]} ${election.votes[e.seat]}`).join(" · ")}</p>`;
  }
  if (pending && pending.window) {
    return html`<p class="dock-status">Being played: <strong>${cardName(pending.card)}</strong> — ${pending.kind === "superpower" ? card(pending.card).text.replace(/^.*Superpower \(\d+\): /, "") : card(pending.card).text}</p>`;
  }
  return "";
}

/** Your hand and leader offer, drawn in the table's dock: factions with no move now are dimmed and say so. */
export function Hand({ view, seat, summary, picked, playable, onPick, onPlay, chosen = [], why = null }) {
  const mine = view && seat !== null && seat !== undefined ? view.seats[seat] : null;
  if (!mine) return "";
  const hand = hidden(mine.hand).cards || [];
  const offer = hidden(mine.offer).cards || [];
  const cards = [...offer, ...hand];
  return html`<section class="own-hand" aria-label="Your hand">${summary ? html`<${Status} view=${view} seat=${seat} summary=${summary} />` : ""}<h2>${offer.length ? "Your leader offer and hand" : "Your hand"} <span class="muted">(${plural(hand.length, "faction")}, ${megabucks(mine.megabucks)})</span></h2>
    <div class="hand" role="group" aria-label="Your cards">${cards.length ? cards.map((id) => html`<${HandCard} key=${id} id=${id} picked=${picked === id || chosen.includes(id)}
      playable=${onPick ? playable.has(id) : undefined} onPick=${onPick} onPlay=${onPlay} why=${why} />`) : html`<span class="muted">no factions</span>`}</div>
  </section>`;
}

/** Why a card in your hand has no move now. */
export function whyNot(id, view) {
  const c = card(id);
  if (id >= 100 && id < 200) return "Your leader is kept; the others go back to the box when every leader is revealed.";
  if (view.seats.some((e) => e.owes_discards)) return "Someone else discards first: discards are made one player at a time, from the first player clockwise.";
  if ((view.pending && view.pending.window) || (view.election && view.election.window)) {
    if (c.kind !== "surprise") return "Only a surprise can be played now, and this faction is no surprise.";
    if (view.election) return "This surprise does not change an election count (only votes surprises, a Nullify of a play, or an Immunity against a play lowering your votes do).";
    return "This surprise does not answer what is being played now.";
  }
  if (view.pending && view.pending.choice) return "Choose the target of the card being played first.";
  if (view.phase === "leaders") return "Factions are played in the turns, after every leader is picked.";
  if (view.phase !== "turn") return "Factions are played in the turns: now the round's event is revealed.";
  if (view.step === 0) return "First take your initial action: campaign or embezzle.";
  if (view.step === 2) return "Your main action is taken: buy, use your superpower or end your turn.";
  return null;
}

export function Board({ view, seat, summary, picked, onPick, toAct, handElsewhere = false, onlooker = false }) {
  if (!view) return html`<p class="muted">The game has not started yet.</p>`;
  const names = view.seats.map((entry) => seatName(summary, entry.seat));
  const mine = seat === null || seat === undefined ? null : view.seats[seat];
  const hand = mine ? hidden(mine.hand).cards || [] : [];
  const acting = toAct || [];
  const revealed = view.events_revealed || [];
  return html`<div class="sp-board">
    ${view.phase === "over" ? html`<${Finished} view=${view} names=${names} />` : ""}
    <p class="turn">Round <strong>${view.round}</strong> of 10 · ${view.phase === "turn" ? html`${names[view.turn]}'s turn (${STEPS[view.step]})` : view.phase}${
      " · "}event deck: <strong class="event-deck">${view.event_deck}</strong> left · next election: <strong class="next-election">${view.next_election || "none"}</strong>${
      " · "}faction deck ${view.deck} · treasury <span class="treasury">${megabucks(view.treasury)}</span></p>
    <${Prompt} view=${view} seat=${seat} toAct=${acting} names=${names} />
    <${Playing} view=${view} names=${names} />
    <${LastEvent} view=${view} />
    <section class="market" aria-label="Investments for sale"><h3>Investments for sale <span class="muted">(${view.investment_pile} in the pile)</span></h3>
      <ul class="chips">${view.market.map((id) => html`<li key=${id} class="investment chip for-sale" data-card=${id}><strong>${cardName(id)}</strong> · <strong>${megabucks(card(id).cost)}</strong>: <span class="text">${card(id).text}</span></li>`)}</ul></section>
    <section class="tokens" aria-label="Tokens"><h3>Tokens</h3><ul class="chips">${Object.entries(view.tokens).map(([token, holder]) => html`<li key=${token}
      class=${`token-name chip ${holder >= 0 ? "held" : ""}`}>${token}: ${holder >= 0 ? names[holder] : "nobody"}</li>`)}</ul></section>
    <p class="legend muted">On a card: v votes, w wealth, p power. Tap a card for its types and what it does.</p>
    <ol class="seats" aria-label="Players">${view.seats.map((entry) => html`<${Seat} key=${entry.seat} entry=${entry} view=${view}
      name=${names[entry.seat]} mine=${seat === entry.seat} toAct=${acting.includes(entry.seat)} onlooker=${onlooker} />`)}</ol>
    ${revealed.length ? html`<section class="events-revealed" aria-label="Events revealed"><h3>Events revealed</h3>
      <div>${revealed.map((id) => html`<${TableCard} key=${id} id=${id} />`)}</div></section>` : ""}
    ${view.cemetery.length ? html`<details class="cemetery"><summary>Cemetery: ${plural(view.cemetery.length, "card")}</summary>
      <div>${view.cemetery.map((id, i) => html`<${TableCard} key=${`${id}-${i}`} id=${id} />`)}</div></details>` : ""}
    ${mine && !handElsewhere ? html`<section class="my-hand" aria-label=${`${whoseHand(onlooker, names[seat])} hand`}><h3>${whoseHand(onlooker, names[seat])} hand</h3>
      <div class="hand" role="group" aria-label=${`${whoseHand(onlooker, names[seat])} hand`}>${hand.length ? hand.map((id) => html`<${HandCard} key=${id} id=${id} picked=${picked === id} onPick=${onPick} />`) : html`<span class="muted">no factions</span>`}</div>
    </section>` : ""}
  </div>`;
}

/** A seat as a move names it: "you", or its player as the pages name players (never by seat number). */
const whose = (summary, seat, who) => (who === seat ? "you" : seatName(summary, who));

/** A legal command in words (`summary` names the seats a choice may target). */
export function label(command, view, seat, summary) {
  switch (command.type) {
    case "PickLeader": return `Keep ${cardName(command.leader)} as your leader`;
    case "Campaign": {
      const leader = view && seat !== null && seat !== undefined ? view.seats[seat].leader : -1;
      const text = leader >= 0 ? (card(leader).text.match(/^Campaign: (.*?) Superpower/) || [])[1] : "";
      return `Campaign: ${text || "your leader's campaign action"}`;
    }
    case "Embezzle": return "Embezzle (get 2 megabucks)";
    case "Exploit": return `Exploit ${cardName(command.card)}`;
    case "Sneak": return `Sneak ${command.cards.map(cardName).join(" + ")} face down`;
    case "Fundraise": {
      const wealth = view && seat !== null && seat !== undefined ? view.seats[seat].wealth : null;
      return wealth === null ? "Fundraise (megabucks equal to your coalition's wealth)" : `Fundraise: collect ${megabucks(wealth)} (your coalition's wealth)`;
    }
    case "UseSuperpower": {
      const entry = view && seat !== null && seat !== undefined ? view.seats[seat] : null;
      return `Use your superpower${entry && entry.superpower_cost !== undefined ? ` (${megabucks(entry.superpower_cost)})` : ""}`;
    }
    case "BuyInvestment": return `Buy ${cardName(command.card)} (${megabucks(card(command.card).cost)})`;
    case "EndTurn": return "End your turn";
    case "RevealEvent": return "Reveal the next event";
    case "PlaySurprise": return `Play the surprise ${cardName(command.card)}`;
    case "DiscardFaction": return `Discard ${cardName(command.card)}`;
    case "DiscardNote": return `Discard ${article(String(command.value))} ${command.value}-megabuck card`;
    case "Pass": return "Pass (no surprise)";
    case "Choose": {
      const [who, target] = command.option.split(":");
      const named = whose(summary, seat, Number(who));
      return target === undefined ? `Target ${named}` : `Destroy ${cardName(Number(target))} in ${named === "you" ? "your" : `${named}'s`} coalition`;
    }
    default: return null;
  }
}

export function group(command) {
  if (["Campaign", "Embezzle"].includes(command.type)) return "Initial action";
  if (["Exploit", "Sneak", "Fundraise"].includes(command.type)) return "Main action";
  if (["PlaySurprise", "Pass"].includes(command.type)) return "Surprise";
  if (["UseSuperpower", "BuyInvestment"].includes(command.type)) return "Any time in your turn";
  if (["DiscardFaction", "DiscardNote"].includes(command.type)) return "Discard";
  return null;
}

const PHONE = "(max-width: 800px)";

/** On a phone, a card's moves are reached through the card (a tap lists them): the list stays short. */
export function cardFirst(view, seat) {
  if (!view || seat === null || seat === undefined || !window.matchMedia || !window.matchMedia(PHONE).matches) return null;
  const mine = view.seats[seat];
  return new Set([...(hidden(mine.hand).cards || []), ...(hidden(mine.offer).cards || [])]);
}

/** Sneaking is picked card by card (one or two factions), then confirmed: one button, not one per pair. */
export function together(command) {
  if (command.type !== "Sneak") return null;
  return SNEAK;
}

const SNEAK = {
  key: "Sneak",
  group: "Main action",
  title: "Sneak factions face down",
  hint: "pick one or two factions in your hand",
  cardsOf: (command) => command.cards,
  name: (id) => cardName(id),
  why: (id) => (id >= 100 && id < 200 ? "A leader is never sneaked: only factions are."
    : "No sneak takes this card with the ones chosen."),
};

export function cardOf(command) {
  if (command.type === "Sneak") return command.cards[0];
  if (command.type === "PickLeader") return command.leader;
  return typeof command.card === "number" ? command.card : null;
}

/** This game opens reaction windows: the table offers its players to let it pass for them. */
export const windows = true;

/** How long a reaction window stays open (the rules' WINDOW): its countdown never shows more. */
export const windowSeconds = 30;

/** How to play, in short (from docs/rules/super-pacs.md and the rules' prose). */
export const howToPlay = {
  goal: "Have the most power when the WHITE HOUSE is won: your coalition's power plus your investments' worth.",
  turn: "Take an initial action (Campaign with your leader, or Embezzle 2 megabucks), then one main action: Exploit a faction, Sneak one or two factions face down, or Fundraise. Buy investments and use your superpower when you can pay. Between turns, surprises answer what others play.",
  end: "Each round ends with an event; rounds 4, 7 and 10 are the House, Senate and White House elections. After the WHITE HOUSE the most power wins; a tie is a civil war that everybody loses.",
};
