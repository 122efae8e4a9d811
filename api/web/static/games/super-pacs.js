// Super PACS drawn as a table: each coalition in colour columns (a shape and a letter beside each
// colour, for colour-blind players), the sneaked zone face down, hands, leaders, tokens, the
// investments row, the event deck and the next election, and a clear prompt when a surprise may be played.
//
// Card ids (domain/games/super_pacs/cards): factions 0-61, leaders 100-111, events 200-218 (the
// elections 200-202), investments 300-323. Names and numbers come from super-pacs-cards.js, generated
// from the same data files the rules load.

import { html, plural, seatName } from "../ui.js";
import { CARDS, MARKS } from "./super-pacs-cards.js";

const COLOURS = ["red", "gray", "blue", "green", "gold"];
const HEX = { red: "#b3261e", gray: "#616161", blue: "#1f4fa3", green: "#2e7d32", gold: "#7a5a00" };
const STEPS = ["initial action", "main action", "after the main action"];

const SIZE = {
  full: "width: 6.4rem; height: auto; min-height: 4.8rem; font-size: 0.68rem;",
  small: "width: 5.4rem; height: auto; min-height: 3.2rem; font-size: 0.6rem; margin: 0.1rem 0;",
};
const FACE = "line-height: 1.15; padding: 0.2rem; white-space: normal; text-align: center; overflow: hidden; justify-content: flex-start;";
const cardStyle = (colour, small) => `${SIZE[small ? "small" : "full"]} ${FACE} border: 2px solid ${HEX[colour]}; color: ${HEX[colour]};`;

const cardName = (id) => (CARDS[id] ? CARDS[id].name : `card ${id}`);
const mark = (colour) => MARKS[colour] || "";

function Faction({ id, onPick, onPlay, picked, small, playable }) {
  const c = CARDS[id] || { name: `card ${id}`, colour: "gray", types: [] };
  const dim = playable === false;
  const cls = `card sp ${c.colour} ${small ? "small" : ""} ${picked ? "picked" : ""} ${dim ? "unplayable" : ""}`;
  const title = `${c.name} (${c.colour}${c.types ? `; ${c.types.join(", ")}` : ""}): ${c.text || ""}`;
  const face = html`<span class="mark" aria-hidden="true" style="font-weight: bold">${mark(c.colour)}</span>
    <span class="name" style="display: block; font-weight: bold">${c.name}</span>${
    c.votes !== undefined ? html`<span class="numbers" style="display: block">votes ${c.votes} · wealth ${c.wealth} · power ${c.power}</span>` : ""}${
    c.kind === "surprise" || c.kind === "exploit" ? html`<span class="kind" style="display: block; font-style: italic">${c.kind}</span>` : ""}${
    dim ? html`<span class="visually-hidden">, cannot be played now</span>` : ""}`;
  if (onPick) {
    return html`<button type="button" class=${cls} style=${`${cardStyle(c.colour, small)}${dim ? " color: #333; border-style: dashed;" : ""}`} data-card=${id} aria-pressed=${picked ? "true" : "false"}
      title=${title} onClick=${() => onPick(id)} onDblClick=${onPlay ? () => onPlay(id) : undefined}>${face}</button>`;
  }
  return html`<span class=${cls} style=${cardStyle(c.colour, small)} data-card=${id}
    role="img" aria-label=${`${c.name}, ${c.colour}`} title=${title}>${face}</span>`;
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
    const column = cards.filter((id) => (CARDS[id] || {}).colour === colour);
    return html`<div key=${colour} class=${`column ${colour}`} style=${`display: inline-block; vertical-align: top; min-width: 5.6rem; margin-right: 0.3rem; border-top: 3px solid ${HEX[colour]}`}
      aria-label=${`${colour} column: ${column.length}`}>
      <div class="column-head"><span aria-hidden="true">${mark(colour)}</span> ${colour}</div>
      ${column.map((id) => html`<${Faction} key=${id} id=${id} small=${true} />`)}
    </div>`;
  })}</div>`;
}

function Seat({ entry, name, view, mine, toAct }) {
  const leader = entry.leader >= 0 ? CARDS[entry.leader] : null;
  const sneaked = hidden(entry.sneaked);
  const hand = hidden(entry.hand);
  const tokens = Object.entries(view.tokens).filter(([, holder]) => holder === entry.seat).map(([token]) => token);
  return html`<li class=${`seat sp ${toAct ? "to-act" : ""} ${mine ? "mine" : ""}`} aria-label=${`${name}${mine ? " (you)" : ""}`}>
    <header><strong>${name}</strong>${mine ? html` <span class="muted">you</span>` : ""}${toAct ? html` <span class="turn-mark">to act</span>` : ""}</header>
    <p>${leader ? html`<span class=${`leader ${leader.colour}`} title=${leader.text}><span aria-hidden="true">${mark(leader.colour)}</span> ${leader.name}</span>`
      : html`<span class="muted">${entry.picked ? "leader picked, face down" : "picking a leader"}</span>`}${
      entry.superpower_used ? html` <span class="muted">(superpower used)</span>` : ""}</p>
    <p><strong>${entry.megabucks}</strong> megabucks · ${plural(entry.hand_cards, "card")} in hand (${plural(hand.count, "faction")})${
      entry.owes_discards ? html` · <strong>owes ${entry.owes_discards} discard(s)</strong>` : ""}</p>
    ${tokens.length ? html`<ul class="tokens-held chips" aria-label="Tokens held">${tokens.map((t) => html`<li key=${t} class="token-name chip">${t}</li>`)}</ul>` : ""}
    <${Coalition} cards=${entry.coalition} />
    <div class="sneaked" aria-label="Sneaked zone">Sneaked: ${sneaked.cards
      ? (sneaked.cards.length ? sneaked.cards.map((id) => html`<${Faction} key=${id} id=${id} small=${true} />`) : html`<span class="muted">none</span>`)
      : (sneaked.count ? html`<${Backs} count=${sneaked.count} label=${`${plural(sneaked.count, "sneaked card")} face down`} />` : html`<span class="muted">none</span>`)}</div>
    ${entry.investments.length ? html`<div class="investments">Investments: <ul class="chips" aria-label="Investments owned">${
      entry.investments.map((id) => html`<li key=${id} class="investment chip" title=${CARDS[id].text}>${cardName(id)}</li>`)}</ul></div>` : ""}
  </li>`;
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
  if (owing.length) return html`<p class="prompt" role="status">Discards owed: ${owing.map((e) => `${names[e.seat]} ${e.owes_discards}`).join(", ")}.</p>`;
  return "";
}

function Finished({ view, names }) {
  const top = view.winners.map((s) => names[s]).join(" and ");
  return html`<section class="finished" aria-label="Final result"><h3>Game over</h3>
    <p>${view.winners.length ? `${top} wins.` : "A tie at the top: the country falls into civil war and everybody loses."}</p>
    <table class="score"><thead><tr><th scope="col">Player</th><th scope="col">Power</th></tr></thead>
      <tbody>${view.seats.map((entry) => html`<tr class=${view.winners.includes(entry.seat) ? "winner" : ""}>
        <th scope="row">${names[entry.seat]}</th><td>${view.scores[entry.seat]}</td></tr>`)}</tbody></table></section>`;
}

/** Your hand and leader offer, drawn in the table's dock: factions with no move now are dimmed and say so. */
export function Hand({ view, seat, picked, playable, onPick, onPlay }) {
  const mine = view && seat !== null && seat !== undefined ? view.seats[seat] : null;
  if (!mine) return "";
  const hand = hidden(mine.hand).cards || [];
  const offer = hidden(mine.offer).cards || [];
  return html`<section class="own-hand" aria-label="Your hand"><h2>Your hand <span class="muted">(${plural(hand.length, "faction")})</span></h2>
    <div class="hand" role="group" aria-label="Your factions">${hand.length ? hand.map((id) => html`<${Faction} key=${id} id=${id} picked=${picked === id}
      playable=${onPick ? playable.has(id) : undefined} onPick=${onPick} onPlay=${onPlay} />`) : html`<span class="muted">no factions</span>`}</div>
    ${offer.length ? html`<p>Your leader offer: ${offer.map((id) => html`<span key=${id} class="leader chip" title=${CARDS[id].text}>${cardName(id)}</span> `)}</p>` : ""}
  </section>`;
}

/** Why a faction in your hand has no move now. */
export function whyNot(id, view) {
  const c = CARDS[id] || {};
  if ((view.pending && view.pending.window) || (view.election && view.election.window)) {
    return c.kind === "surprise" ? "This surprise does not answer what is being played now." : "Only a surprise can be played now, and this faction is no surprise.";
  }
  if (view.pending && view.pending.choice) return "Choose the target of the card being played first.";
  if (view.phase !== "turn") return "Factions are played in the turns, after every leader is picked.";
  if (view.step === 0) return "First take your initial action: campaign or embezzle.";
  if (view.step === 2) return "Your main action is taken: buy, use your superpower or end your turn.";
  return null;
}

export function Board({ view, seat, summary, picked, onPick, toAct, handElsewhere = false }) {
  if (!view) return html`<p class="muted">The game has not started yet.</p>`;
  const names = view.seats.map((entry) => seatName(summary, entry.seat));
  const mine = seat === null || seat === undefined ? null : view.seats[seat];
  const hand = mine ? hidden(mine.hand).cards || [] : [];
  const offer = mine ? hidden(mine.offer).cards || [] : [];
  const acting = toAct || [];
  return html`<div class="sp-board">
    ${view.phase === "over" ? html`<${Finished} view=${view} names=${names} />` : ""}
    <p class="turn">Round <strong>${view.round}</strong> of 10 · ${view.phase === "turn" ? html`${names[view.turn]}'s turn (${STEPS[view.step]})` : view.phase}${
      " · "}event deck: <strong class="event-deck">${view.event_deck}</strong> left · next election: <strong class="next-election">${view.next_election || "none"}</strong>${
      " · "}faction deck ${view.deck} · treasury ${view.treasury} megabucks</p>
    <${Prompt} view=${view} seat=${seat} toAct=${acting} names=${names} />
    ${view.election ? html`<p class="votes" aria-label="Votes">Votes: ${view.seats.map((e) => `${names[e.seat]} ${view.election.votes[e.seat]}`).join(" · ")}</p>` : ""}
    <section class="market" aria-label="Investments for sale"><h3>Investments for sale <span class="muted">(${view.investment_pile} in the pile)</span></h3>
      <ul class="chips">${view.market.map((id) => html`<li key=${id} class="investment chip" data-card=${id} title=${CARDS[id].text}>${cardName(id)} · <strong>${CARDS[id].cost}</strong> megabucks</li>`)}</ul></section>
    <section class="tokens" aria-label="Tokens"><h3>Tokens</h3><ul class="chips">${Object.entries(view.tokens).map(([token, holder]) => html`<li key=${token}
      class=${`token-name chip ${holder >= 0 ? "held" : ""}`}>${token}: ${holder >= 0 ? names[holder] : "nobody"}</li>`)}</ul></section>
    <ol class="seats" aria-label="Players">${view.seats.map((entry) => html`<${Seat} key=${entry.seat} entry=${entry} view=${view}
      name=${names[entry.seat]} mine=${seat === entry.seat} toAct=${acting.includes(entry.seat)} />`)}</ol>
    ${view.cemetery.length ? html`<p class="muted">Cemetery: ${view.cemetery.map(cardName).join(", ")}</p>` : ""}
    ${mine && !handElsewhere ? html`<section class="my-hand" aria-label="Your hand"><h3>Your hand</h3>
      <div class="hand" role="group" aria-label="Your hand">${hand.length ? hand.map((id) => html`<${Faction} key=${id} id=${id} picked=${picked === id} onPick=${onPick} />`) : html`<span class="muted">no factions</span>`}</div>
      ${offer.length ? html`<p>Your leader offer: ${offer.map((id) => html`<span key=${id} class="leader" title=${CARDS[id].text}>${cardName(id)}</span> `)}</p>` : ""}
    </section>` : ""}
  </div>`;
}

/** A seat as a move names it: "you", or its player as the pages name players (never by seat number). */
const whose = (summary, seat, who) => (who === seat ? "you" : seatName(summary, who));

/** A legal command in words (`summary` names the seats a choice may target). */
export function label(command, view, seat, summary) {
  switch (command.type) {
    case "PickLeader": return `Keep ${cardName(command.leader)} as your leader`;
    case "Campaign": return "Campaign (your leader's campaign action)";
    case "Embezzle": return "Embezzle (get 2 megabucks)";
    case "Exploit": return `Exploit ${cardName(command.card)}`;
    case "Sneak": return `Sneak ${command.cards.map(cardName).join(" + ")} face down`;
    case "Fundraise": return "Fundraise (megabucks equal to your coalition's wealth)";
    case "UseSuperpower": return "Use your leader's superpower";
    case "BuyInvestment": return `Buy ${cardName(command.card)} (${CARDS[command.card].cost} megabucks)`;
    case "EndTurn": return "End your turn";
    case "RevealEvent": return "Reveal the next event";
    case "PlaySurprise": return `Play the surprise ${cardName(command.card)}`;
    case "DiscardFaction": return `Discard ${cardName(command.card)}`;
    case "Pass": return "Pass (no surprise)";
    case "Choose": {
      const [who, card] = command.option.split(":");
      const named = whose(summary, seat, Number(who));
      return card === undefined ? `Target ${named}` : `Destroy ${cardName(Number(card))} in ${named === "you" ? "your" : `${named}'s`} coalition`;
    }
    default: return null;
  }
}

export function group(command) {
  if (["Campaign", "Embezzle"].includes(command.type)) return "Initial action";
  if (["Exploit", "Sneak", "Fundraise"].includes(command.type)) return "Main action";
  if (["PlaySurprise", "Pass"].includes(command.type)) return "Surprise";
  if (["UseSuperpower", "BuyInvestment"].includes(command.type)) return "Any time in your turn";
  return null;
}

export function cardOf(command) {
  if (command.type === "Sneak") return command.cards[0];
  return typeof command.card === "number" ? command.card : null;
}
