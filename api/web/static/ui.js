// Pieces every page shares: Preact + htm, the event log, the generic data view, small helpers.

import { Component, html, render, useState, useEffect, useLayoutEffect, useRef, useMemo, useCallback } from "./vendor/htm-preact-standalone.module.js";

export { html, render, useState, useEffect, useLayoutEffect, useRef, useMemo, useCallback };

/** Render `component` into <main id="app">. */
export function mount(component) {
  const root = document.getElementById("app");
  root.textContent = "";
  render(html`<${component} />`, root);
}

/** Set the breadcrumbs in the page header. */
export function crumbs(parts) {
  const nav = document.getElementById("crumbs");
  if (!nav) return;
  render(html`${parts.map((part, i) => html`${i ? html`<span aria-hidden="true"> › </span>` : ""}${
    part.href ? html`<a href=${part.href}>${part.text}</a>` : html`<span aria-current="page">${part.text}</span>`
  }`)}`, nav);
}

const PHONE = "(max-width: 800px)";
/** On a phone, a hand whose moves number more than this has them reached through its cards. */
export const PHONE_CARD_MOVES = 2;

/** On a phone, the cards of `hand` (ids) when their moves among `moves` would make a list longer than
 * the dock shows beside the hand (issue 48): a tap on a card then lists its few; else `null`. */
export function longHand(hand, moves, cardOf) {
  if (!window.matchMedia || !window.matchMedia(PHONE).matches) return null;
  const cards = new Set(hand);
  return moves.filter((c) => cards.has(cardOf(c))).length > PHONE_CARD_MOVES ? cards : null;
}

export const plural = (count, word, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;

const ORDINALS = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth"];

/** A seat told by its place, named from the first ("Second seat"): the API numbers seats from 0, people never do. */
export const placeOf = (seat) => `${ORDINALS[seat] || `${seat + 1}th`} seat`;

/** A seat's display name: its player's name, or "open seat" (seats are never numbered on the pages). */
export function seatName(summary, seat) {
  const entry = summary && summary.seats && summary.seats[seat];
  const name = entry && entry.name;
  return name ? name : "open seat";
}

/** A score sheet: `heads` names the columns (the first heads the rows), `rows` are `{ key, className,
 * head, cells }` and a cell is its value or `{ value, className }`. Every figure carries its column's name
 * (`data-label`): on a narrow screen each row reads as a block, "Electoral votes: 281", so no column hides
 * behind a sideways scroll. */
export function ScoreTable({ caption = null, heads, rows }) {
  const [rowHead, ...columns] = heads;
  return html`<table class="score">${caption ? html`<caption>${caption}</caption>` : ""}
    <thead><tr><th scope="col">${rowHead}</th>${columns.map((head) => html`<th scope="col">${head}</th>`)}</tr></thead>
    <tbody>${rows.map((row) => html`<tr key=${row.key} class=${row.className || ""}><th scope="row">${row.head}</th>${
      row.cells.map((cell, i) => {
        const { value, className } = cell && typeof cell === "object" && "value" in cell ? cell : { value: cell, className: "" };
        return html`<td class=${className} data-label=${columns[i]}>${value}</td>`;
      })}</tr>`)}</tbody></table>`;
}

/**
 * Something on the board a picked card can go to (a politician, a pile, the trick): a button
 * while the picked card has a move there, else the plain element. `targets` maps target keys to moves.
 */
export function Target({ target, targets, onTarget, label, className = "", children }) {
  if (!targets || !targets.has(target)) return html`<div class=${className}>${children}</div>`;
  return html`<button type="button" class=${`${className} target`} data-target=${target}
    aria-label=${`${label}: play the picked card here`} onClick=${() => onTarget(target)}>${children}</button>`;
}

/** Scroll `box` (not the page) so that `item` is in view: the page itself must not jump. */
export function scrollWithin(box, item) {
  const top = item.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
  if (top < box.scrollTop) box.scrollTop = top;
  else if (top + item.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + item.offsetHeight - box.clientHeight;
}

/**
 * One line of the log, drawn again only when what it shows changes: a table adds a line or two a move,
 * and a log of hundreds of lines was otherwise compared whole at every drawing of the page.
 */
class LogLine extends Component {
  shouldComponentUpdate(next) {
    return ["entry", "here", "undone", "numbered", "onPick"].some((key) => next[key] !== this.props[key]);
  }

  render({ entry, here, undone, numbered, onPick }) {
    const text = html`${numbered ? html`<span class="v">v${entry.version}</span> ` : ""}${entry.description}${
      undone ? html` <em class="tag">taken back</em>` : ""}${
      entry.by ? html` <em class=${`tag by-${entry.by}`}>${entry.by === "bot" ? "bot" : "referee"}</em>` : ""}`;
    return html`<li data-version=${entry.version}
        class=${`${here ? "current" : ""} ${undone ? "reverted" : ""} ${entry.boundary ? "boundary" : ""}`}
        aria-current=${here ? "true" : undefined}>
      ${onPick
        ? html`<button type="button" class="linkish" onClick=${() => onPick(entry.version)}>${text}</button>`
        : text}
    </li>`;
  }
}

/** The log of what happened: one described event per line, newest last, announced politely;
 * `numbered`: each line shows its version (the replay's word; the table keeps it in data-version). */
export function EventLog({ entries, current, onPick, reverted = () => false, label = "What happened", numbered = true }) {
  const list = useRef(null);
  useLayoutEffect(() => { // before the paint: a scroll after it paints the list twice
    const box = list.current;
    if (!box) return;
    const chosen = current !== undefined ? box.querySelector("[aria-current='true']") : null;
    if (chosen) scrollWithin(box, chosen);
    else if (current === undefined) box.scrollTop = box.scrollHeight;
  }, [entries.length, current]);
  return html`<section class="log" aria-label=${label}>
    <h2>${label}</h2>
    <ol ref=${list} class="log-list" tabindex=${onPick ? undefined : "0"} aria-live=${onPick ? "off" : "polite"}>
      ${entries.map((entry) => html`<${LogLine} key=${entry.version} entry=${entry} here=${current === entry.version}
        undone=${reverted(entry.version)} numbered=${numbered} onPick=${onPick} />`)}
    </ol>
  </section>`;
}

function humanKey(key) {
  return String(key).replace(/_/g, " ");
}

/** Any value as nested, labelled structure: the generic view of a game nobody drew yet. */
export function DataTree({ value, name }) {
  if (value === null || value === undefined) return html`<span class="muted">none</span>`;
  if (Array.isArray(value)) {
    if (!value.length) return html`<span class="muted">empty</span>`;
    if (value.every((item) => item === null || typeof item !== "object")) {
      return html`<span class="list">${value.map((item) => html`<span class="chip" data-card=${
        name === "cards" || name === "known" ? item : undefined}>${String(item)}</span>`)}</span>`;
    }
    return html`<ol class="tree">${value.map((item, i) => html`<li key=${i}><${DataTree} value=${item} name=${name} /></li>`)}</ol>`;
  }
  if (typeof value === "object") {
    return html`<dl class="tree">${Object.entries(value).map(([key, item]) => html`
      <div class="pair" key=${key}><dt>${humanKey(key)}</dt><dd><${DataTree} value=${item} name=${key} /></dd></div>`)}
    </dl>`;
  }
  if (typeof value === "boolean") return html`<span>${value ? "yes" : "no"}</span>`;
  return html`<span>${String(value)}</span>`;
}

/** A status line that screen readers announce. */
export function Notice({ notice }) {
  if (!notice) return html`<p class="notice" role="status" aria-live="polite"></p>`;
  return html`<p class=${`notice ${notice.kind || ""}`} role=${notice.kind === "error" ? "alert" : "status"}
    aria-live="polite">${notice.text}</p>`;
}

export function outcomeText(summary) {
  const outcome = summary && summary.outcome;
  if (!outcome) return "";
  const names = (outcome.winners || []).map((seat) => seatName(summary, seat));
  const scores = (outcome.scores || []).map((score, seat) => `${seatName(summary, seat)} ${score}`).join(", ");
  const who = names.length > 1 ? `${names.join(" and ")} share the victory`
    : names.length ? `${names[0]} wins` : "Nobody wins";
  const forfeits = (summary.forfeited || []).map((seat) => seatName(summary, seat));
  if (forfeits.length) return `${who} — ${forfeits.join(" and ")} forfeited on time.`;
  return `${who} (${scores})${outcome.tiebreak ? ` — ${outcome.tiebreak}` : ""}.`;
}

/** What the address asks for that this page does not know (`known`: the query parameters it reads;
 * `developer` is every page's): a notice naming them, so a mistyped or guessed link is never silently
 * ignored; `hint` may add a word on one of them (the table's `version` points at the replay). */
export function AddressNotice({ known, hint = () => "" }) {
  const asked = [...new Set(new URLSearchParams(location.search).keys())].filter((key) => key !== "developer" && !known.includes(key));
  if (!asked.length) return "";
  const named = asked.map((key) => `“${key}”`).join(", ");
  return html`<p class="notice address-notice" role="status">This page does not read ${named} from its address, so ${
    asked.length === 1 ? "it is" : "they are"} ignored.${asked.map((key) => hint(key)).filter(Boolean).map((more) => html` ${more}`)}</p>`;
}
