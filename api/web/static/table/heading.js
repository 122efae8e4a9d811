// The table's head: its title and status, the seats and whose turn it is, who you are, how we follow
// it, the join link while seats are open, and your private seat link. The version shown is a data
// attribute only: numbered versions are the replay's words, not the table's.

import { botMark, forfeitMark, stillAsked } from "../clocks.js";
import { SeatLink } from "../seatlink.js";
import { get } from "../api.js";
import { html, plural, seatName, useEffect, useState } from "../ui.js";

const LIVE_TEXT = { live: "live", polling: "updating", reconnecting: "reconnecting…", connecting: "connecting…" };

function SeatList({ summary, seat }) {
  const asked = stillAsked(summary.to_act, summary);
  return html`<ul class="seat-list" aria-label="Seats">${summary.seats.map((entry) => html`<li key=${entry.seat}
      class=${`${asked.includes(entry.seat) ? "to-act" : ""} ${seat === entry.seat ? "mine" : ""}`}>
    ${entry.player ? html`<a href=${`/players/${encodeURIComponent(entry.player)}`} title="A known player: their page">${entry.name}</a>`
      : entry.name || html`<em>open seat</em>`}${botMark(entry)}${forfeitMark(summary, entry.seat)}${seat === entry.seat ? " (you)" : ""}${asked.includes(entry.seat) ? html` <span class="turn-mark">to play</span>` : ""}
  </li>`)}</ul>`;
}

/** Each seat's chance to win from the ratings, at a table known players sit at (ratings move only
 * when a table ends, so the chances before the deal hold for the whole game). */
function Chances({ summary }) {
  const [chances, setChances] = useState(null);
  const seated = summary.seats.map((entry) => `${entry.name}:${entry.player || ""}`).join(",");
  useEffect(() => {
    get(`/api/games/${encodeURIComponent(summary.id)}/chances`).then(setChances).catch(() => setChances(null));
  }, [summary.id, seated]);
  if (!chances || !chances.rated) return "";
  return html`<p class="chances" id="chances">Chances to win from the ratings: ${chances.seats.map((entry, i) => html`${i ? ", " : ""}${entry.name || "open seat"} ${Math.round(entry.chance * 100)}%`)}.</p>`;
}

/** The join link to share while seats are open (it carries no seat token). */
function JoinLink({ summary }) {
  const link = `${location.origin}/games/${encodeURIComponent(summary.id)}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      document.getElementById("join-link").select();
    }
  };
  return html`<div class="share">
    <label for="join-link">Join link (carries no seat token)</label>
    <input id="join-link" readonly value=${link} onFocus=${(e) => e.target.select()} />
    <button type="button" onClick=${copy}>${copied ? "Copied" : "Copy"}</button>
    <span class="muted">${plural(summary.open_seats.length, "open seat")}</span>
  </div>`;
}

export function Heading({ summary, seat, mine, live, version, setMine }) {
  const id = summary.id;
  return html`<section class="table-head" data-version=${version}>
    <h1>${summary.title} <span class=${`status ${summary.status}`}>${summary.status}</span>${summary.sandbox ? html` <span class="status sandbox-mark" title="Seeded or forked: its cards may be known. Not a real game.">sandbox</span>` : ""}</h1>
    <${SeatList} summary=${summary} seat=${seat} />
    <p class="meta">
      ${seat === null || seat === undefined ? html`<strong>You are watching</strong> (the public table).` : html`You play <strong>${seatName(summary, seat)}</strong>.`}
      ${" "}<span class=${`live ${live}`}>${LIVE_TEXT[live] || live}</span>${" · "}<a href=${`/games/${encodeURIComponent(id)}/replay`}>Replay viewer</a>
    </p>
    ${summary.status !== "over" && summary.seats.some((entry) => entry.player) ? html`<${Chances} summary=${summary} />` : ""}
    ${summary.status === "waiting" ? html`<${JoinLink} summary=${summary} />` : ""}
    ${seat !== null && seat !== undefined ? html`<${SeatLink} gameId=${id} mine=${mine} onNewSeat=${setMine} />` : ""}
    ${mine && mine.others ? html`<p class="sandbox">A sandbox: this browser holds every seat and plays whoever is to act.</p>` : ""}
  </section>`;
}

/** How to play, in short, open to anyone at the table: the goal, a turn and how it ends, from the
 * game's renderer (written from its rules docs); open at first while the game waits or has just begun. */
export function HowToPlay({ R, summary }) {
  const how = R.howToPlay;
  if (!how) return "";
  const fresh = summary.status === "waiting" || summary.version <= 8;
  return html`<details class="how-to-play card-panel" open=${fresh}><summary>How to play ${summary.title}</summary>
    <dl><dt>The goal</dt><dd>${how.goal}</dd><dt>A turn</dt><dd>${how.turn}</dd><dt>How it ends</dt><dd>${how.end}</dd></dl>
  </details>`;
}
