// A tournament's page (/tournaments/{id}): its rounds with every table (live, or its replay once over),
// the standings (the same rows as the JSON and CSV exports), a player's link to their next table, and
// for the organiser: start, and withdraw an entrant. Everything is read from GET /api/tournaments/{id}.

import { get, post, session } from "./api.js";
import { Notice, crumbs, html, mount, plural, useEffect, useState } from "./ui.js";

const idOfPath = () => decodeURIComponent(location.pathname.split("/")[2] || "");
const REFRESH = 3000;

function TableRow({ table, withdrawn }) {
  const over = table.ranking !== null;
  const href = table.table ? (over ? `/games/${table.table}/replay` : `/games/${table.table}`) : null;
  const who = table.entrants.map((e) => (withdrawn.includes(e) ? `${e} (withdrawn)` : e)).join(", ");
  const absent = table.absent.length ? ` · absent: ${table.absent.join(", ")}` : "";
  return html`<li data-table=${table.index}>
    ${href ? html`<a class="button" href=${href}>${over ? "Replay" : "Watch"}</a>` : html`<span class="muted">opening…</span>`}${" "}
    <strong>Table ${table.index}</strong> <span>${who}</span> <span class="status">${over ? "over" : "playing"}${absent}</span></li>`;
}

function Round({ round, withdrawn }) {
  return html`<section class="card-panel games" aria-labelledby=${`round-${round.round}`}>
    <h2 id=${`round-${round.round}`}>Round ${round.round}</h2>
    <ul>${round.tables.map((t) => html`<${TableRow} key=${t.index} table=${t} withdrawn=${withdrawn} />`)}</ul>
    ${round.byes.map((b) => html`<p class="muted" key=${b.entrant}>Bye: ${b.entrant} (${b.reason})</p>`)}
  </section>`;
}

function Standings({ found, organiser, onWithdraw }) {
  const playing = (e) => !found.withdrawn.includes(e) && !found.finished;
  return html`<section class="card-panel" aria-labelledby="standings-title"><h2 id="standings-title">Standings</h2>
    <div class="scroll-x"><table class="leaderboard" id="standings"><thead><tr><th scope="col">Place</th><th scope="col">Entrant</th>
      <th scope="col">Points</th><th scope="col">Tables</th><th scope="col"><abbr title="Opponents' average score">Opp. avg</abbr></th>
      ${organiser ? html`<th scope="col">Organiser</th>` : ""}</tr></thead>
    <tbody>${found.standings.map((row) => html`<tr key=${row.entrant} data-entrant=${row.entrant}><td>${row.place}</td><td>${row.entrant}${row.marks.length ? html`<br /><small class="marks">${row.marks.join(", ")}</small>` : ""}</td>
      <td class="points">${row.points}</td><td>${row.tables}</td><td>${row.opponents_average}</td>
      ${organiser ? html`<td>${playing(row.entrant) ? html`<button type="button" onClick=${() => onWithdraw(row.entrant)}
        aria-label=${`Withdraw ${row.entrant}`}>Withdraw</button>` : html`<span class="muted">${found.finished ? "over" : "withdrawn"}</span>`}</td>` : ""}</tr>`)}</tbody></table></div>
    <p>Tie-breaks: opponents' average, tablemates beaten, head-to-head, then lots from the seed.
      Export: <a href=${`/api/tournaments/${found.id}/standings.csv`} id="csv">CSV</a> · <a href=${`/api/tournaments/${found.id}/standings.json`}>JSON</a></p>
  </section>`;
}

function MySeat({ found, handle, onNotice }) {
  if (!handle || !found.started || found.finished || !found.entrants.includes(handle)) return "";
  const take = () => post(`/api/tournaments/${encodeURIComponent(found.id)}/seat`).then((seat) => { location.href = seat.link; })
    .catch((error) => onNotice({ kind: "error", text: error.message }));
  return html`<p><button type="button" id="my-table" class="primary" onClick=${take}>Go to your table</button>
    <span class="muted"> Your seat at your table of the last round paired.</span></p>`;
}

function Page() {
  const id = idOfPath();
  const [found, setFound] = useState(null);
  const [notice, setNotice] = useState(null);
  const [handle, setHandle] = useState(null);
  const load = () => get(`/api/tournaments/${encodeURIComponent(id)}`).then(setFound).catch((error) => setNotice({ kind: "error", text: error.message }));
  useEffect(() => {
    crumbs([{ text: "Lobby", href: "/" }, { text: `Tournament ${id}` }]);
    session().then((s) => setHandle(s.handle));
    load();
    const timer = setInterval(load, REFRESH);
    return () => clearInterval(timer);
  }, []);
  if (!found) return html`<div class="tournament"><h1>Tournament ${id}</h1><${Notice} notice=${notice} /></div>`;
  const organiser = handle !== null && found.organiser === handle;
  const act = (path, body) => post(`/api/tournaments/${encodeURIComponent(id)}/${path}`, body).then(setFound)
    .catch((error) => setNotice({ kind: "error", text: error.message }));
  const status = found.finished ? "finished" : found.started ? `round ${found.paired.length} of ${found.rounds}` : "not started";
  return html`<div class="tournament"><h1>Tournament ${found.id}</h1>
    <p id="tournament-status">${found.game}, ${found.format}, ${plural(found.rounds, "round")} · ${status} · organised by ${found.organiser || "the operator"}</p>
    <${Notice} notice=${notice} />
    ${organiser && !found.started ? html`<p><button type="button" id="start" class="primary" onClick=${() => act("start")}>Start: pair round 1</button></p>` : ""}
    <${MySeat} found=${found} handle=${handle} onNotice=${setNotice} />
    <${Standings} found=${found} organiser=${organiser} onWithdraw=${(entrant) => act("withdrawals", { entrant })} />
    <div id="rounds">${[...found.paired].reverse().map((round) => html`<${Round} key=${round.round} round=${round} withdrawn=${found.withdrawn} />`)}</div></div>`;
}

mount(Page);
