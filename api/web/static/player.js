// A player's page (/players/{handle}): their tables (theirs to play first), finished games with their
// replays, and their ratings with each game's leaderboard. Built from the public summaries only.

import { get, session } from "./api.js";
import { HOW_RATED, Leaderboard } from "./leaderboard.js";
import { Notice, crumbs, html, mount, outcomeText, useEffect, useState } from "./ui.js";

const handleOfPath = () => decodeURIComponent(location.pathname.split("/")[2] || "");

function Table({ table }) {
  const whose = table.your_turn ? "Your turn" : table.to_act.length ? `${table.to_act.join(" and ")} to play` : table.status;
  return html`<li data-game=${table.id} class=${table.your_turn ? "your-turn" : ""}>
    <a class="button" href=${`/games/${table.id}`}>${table.your_turn ? "Play" : "Open"}</a>${" "}
    <strong>${table.title}</strong> <span class="muted">with ${table.seats.map((s) => s.name || "open seat").join(", ")}</span>${" "}
    <span class="status">${whose}</span></li>`;
}

function Page() {
  const handle = handleOfPath();
  const [found, setFound] = useState(null);
  const [notice, setNotice] = useState(null);
  const [own, setOwn] = useState(false);
  useEffect(() => { session().then((found) => setOwn(found.handle === handle)); }, []);
  useEffect(() => {
    crumbs([{ text: "Lobby", href: "/" }, { text: handle }]);
    get(`/api/players/${encodeURIComponent(handle)}`).then(setFound).catch((error) => setNotice({ kind: "error", text: error.message }));
  }, []);
  if (!found) return html`<h1>${handle}</h1><${Notice} notice=${notice} />`;
  const mine = found.live.filter((t) => t.your_turn);
  return html`<h1>${found.handle}</h1>
    ${own ? html`<p><a href="/account" id="account">Your account: passkeys, API keys, signing out</a></p>` : ""}
    <section class="card-panel" aria-labelledby="turn"><h2 id="turn">${own ? "Your turn" : `${found.handle}'s turn`}</h2>
      ${mine.length ? html`<p id="your-turn">${found.handle}'s turn at ${mine.length} ${mine.length === 1 ? "table" : "tables"}.</p>`
        : html`<p class="muted" id="your-turn">Nobody waits for ${found.handle}.</p>`}
    </section>
    <section class="card-panel games" aria-labelledby="live"><h2 id="live">Tables</h2>
      ${found.live.length ? html`<ul>${found.live.map((t) => html`<${Table} key=${t.id} table=${t} />`)}</ul>` : html`<p class="muted">No table in play.</p>`}
    </section>
    <section class="card-panel games" aria-labelledby="done"><h2 id="done">Finished games</h2>
      ${found.finished.length ? html`<ul>${found.finished.map((t) => html`<li key=${t.id} data-game=${t.id}>
        <a class="button" href=${t.replay}>Replay</a> <strong>${t.title}</strong> <span class="muted">${outcomeText({ ...t, seats: t.seats })}</span></li>`)}</ul>`
        : html`<p class="muted">No finished game yet.</p>`}
    </section>
    <section class="card-panel" aria-labelledby="rated"><h2 id="rated">Ratings</h2>
      <p class="muted">${HOW_RATED}</p>
      ${found.ratings.length ? html`<ul id="ratings">${found.ratings.map((r) => html`<li key=${r.game} data-rating=${r.game}>
        <a href=${`/ratings/${r.game}`}><strong>${r.game}</strong></a>: <span class="rating">${Math.round(r.rating)}</span>${r.provisional ? `, ${r.shown}` : ""}, ${r.games} rated ${r.games === 1 ? "game" : "games"}</li>`)}</ul>`
        : html`<p class="muted" id="ratings">Not rated yet.</p>`}
      ${found.ratings.map((r) => html`<${Leaderboard} key=${r.game} game=${r.game} />`)}
    </section>`;
}

mount(Page);
