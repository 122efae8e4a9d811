// The lobby (/): games on offer, open tables to join, games to watch, finished games to replay, and
// a form to open a table. The creator joins like anyone else; the join link carries no token.

import { gamePath, get, keepSeat, keptGames, mySeat, post, session, sleep } from "./api.js";
import { OptionsForm, chosenOptions, fieldOf, optionsText } from "./options.js";
import { AddressNotice, Notice, crumbs, html, mount, outcomeText, plural, useEffect, useState } from "./ui.js";
import { SeatingFields, seatingBody } from "./clocks.js";
import { pledgeToSit } from "./table/receipts.js";

const REFRESH_MS = 4000;
const LISTS = [
  { status: "waiting", title: "Open tables", empty: "No table is waiting for players.", action: "Join" },
  { status: "playing", title: "Games in progress", empty: "Nobody is playing right now.", action: "Watch" },
  { status: "over", title: "Finished games", empty: "No game has finished yet.", action: "Replay" },
];

function Lobby() {
  const [catalogue, setCatalogue] = useState([]);
  const [lists, setLists] = useState({});
  const [notice, setNotice] = useState(null);

  useEffect(() => {
    crumbs([{ text: "Lobby" }]);
    get("/api/games/catalogue").then((body) => setCatalogue(body.games)).catch((e) => setNotice({ kind: "error", text: e.message }));
    const stop = new AbortController();
    (async () => {
      while (!stop.signal.aborted) {
        try {
          const found = await Promise.all(LISTS.map((list) => get(`/api/games?status=${list.status}&limit=100`, { signal: stop.signal })));
          setLists(Object.fromEntries(LISTS.map((list, i) => [list.status, found[i]])));
        } catch (error) {
          if (!stop.signal.aborted) setNotice({ kind: "error", text: error.message });
        }
        await sleep(REFRESH_MS, stop.signal);
      }
    })();
    return () => stop.abort();
  }, []);

  return html`
    <h1 class="visually-hidden">Backroom lobby</h1>
    <${AddressNotice} known=${[]} />
    <${Notice} notice=${notice} />
    <${Who} />
    <div class="lobby-grid">
      <section class="card-panel" aria-labelledby="new-table"><h2 id="new-table">Open a table</h2>
        ${catalogue.length ? html`<${NewTable} catalogue=${catalogue} setNotice=${setNotice} />` : html`<p class="muted">Loading the games…</p>`}
      </section>
      <section class="card-panel" aria-labelledby="on-offer"><h2 id="on-offer">Games on offer</h2>
        <ul class="catalogue">${catalogue.map((game) => html`<li key=${game.id}><strong>${game.title}</strong>${" "}
          <span class="muted">${game.min_seats === game.max_seats ? `${game.min_seats} players` : `${game.min_seats}–${game.max_seats} players`}</span>
          <p>${game.summary}</p><a href=${`/ratings/${game.id}`}>${game.title}: ratings</a></li>`)}</ul>
      </section>
    </div>
    <${MyTables} />
    ${LISTS.map((list) => html`<${GameList} key=${list.status} list=${list} found=${lists[list.status]} catalogue=${catalogue} />`)}`;
}

/** Who you are here: signed in (a link to your page) or a guest (a link to sign in or up). */
function Who() {
  const [handle, setHandle] = useState(undefined);
  useEffect(() => { session().then((found) => setHandle(found.handle)); }, []);
  if (handle === undefined) return "";
  return html`<p class="who" id="who">${handle
    ? html`Signed in as <a href=${`/players/${handle}`} id="my-page">${handle}</a> · <a href="/account">your account</a> · <a href="/tournaments/new" id="organise">organise a tournament</a>`
    : html`Playing as a guest · <a href="/account">sign in or sign up with a passkey</a> for a page of your own and ratings`}</p>`;
}

/** The tables this browser holds a seat at (its seat tokens live here only), newest first. */
function MyTables() {
  const [tables, setTables] = useState(null);
  useEffect(() => {
    const ids = keptGames();
    Promise.all(ids.map((id) => get(gamePath(id)).catch(() => null))).then((found) => {
      setTables(found.filter(Boolean).sort((a, b) => String(b.updated_at).localeCompare(String(a.updated_at))));
    });
  }, []);
  if (!tables || !tables.length) return "";
  return html`<section class="card-panel games mine" aria-labelledby="list-mine" data-list="mine">
    <h2 id="list-mine">Your tables on this device <span class="muted">(${tables.length})</span></h2>
    <p class="muted">To play one of them on another device, open it and take a private seat link.</p>
    <ul>${tables.map((game) => {
      const seat = mySeat(game.id);
      const you = seat ? seatNameOf(game, seat.seat) : "";
      const turn = seat && game.to_act.includes(seat.seat);
      return html`<li key=${game.id} data-game=${game.id}>
        <a class="button" href=${`/games/${game.id}`} aria-label=${`${turn ? "Your move" : "Open"}: ${game.title} as ${you}`}>${turn ? "Your move" : "Open"}</a>
        <strong>${game.title}</strong> <span class="muted">as ${you} · ${game.status}${game.forked_from ? " · sandbox" : ""}</span>
      </li>`;
    })}</ul>
  </section>`;
}

const seatNameOf = (game, seat) => (game.seats[seat] && game.seats[seat].name) || "open seat";

/** How long ago `when` was, in words a lobby reads at a glance ("just now", "5 min ago", "2 h ago", "3 days ago"). */
export function ago(when, now = Date.now()) {
  const seconds = Math.max(0, Math.round((now - new Date(when).getTime()) / 1000));
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return plural(Math.floor(seconds / 86400), "day") + " ago";
}

const CLOCK_WORDS = { move: (c) => `${c.seconds} s a move`, seat: (c) => `${Math.round(c.seconds / 60)} min a seat${c.increment ? `, +${c.increment} s a move` : ""}` };

/** A table's age, clock and options, so two tables by the same opener tell apart. */
function TableFacts({ game, catalogue }) {
  const entry = catalogue.find((g) => g.id === game.game);
  const options = optionsText(entry ? entry.options_schema : {}, game.options || {}, game.seats.length);
  const clock = game.clock && CLOCK_WORDS[game.clock.kind] ? CLOCK_WORDS[game.clock.kind](game.clock) : "no clock";
  return html`<span class="muted table-facts"> · opened <time datetime=${game.created_at} title=${new Date(game.created_at).toLocaleString()}>${
    ago(game.created_at)}</time>${` · ${options || "standard options"} · ${clock}`}</span>`;
}

function GameList({ list, found, catalogue }) {
  // Sandboxes (forks of finished games) are nobody's real game: this browser lists its own above.
  const games = found ? found.games.filter((game) => !game.forked_from) : null;
  const hidden = found ? found.games.length - games.length : 0;
  return html`<section class="card-panel games" aria-labelledby=${`list-${list.status}`} data-list=${list.status}>
    <h2 id=${`list-${list.status}`}>${list.title}${found ? html` <span class="muted">(${found.total - hidden})</span>` : ""}</h2>
    ${games === null ? html`<p class="muted">Loading…</p>` : !games.length ? html`<p class="muted">${list.empty}</p>` : html`
      <ul>${games.map((game) => {
        const seat = mySeat(game.id);
        const names = game.seats.map((s) => s.name || "open seat").join(", ");
        const href = list.status === "over" ? `/games/${game.id}/replay` : `/games/${game.id}`;
        const action = seat && list.status !== "over" ? "Your seat" : list.action;
        return html`<li key=${game.id} data-game=${game.id}>
          <a class="button" href=${href} aria-label=${`${action}: ${game.title}, ${names}`}>${action}</a>
          <strong>${game.title}</strong>${game.sandbox ? html` <span class="status sandbox-mark" title="Seeded or forked: its cards may be known">sandbox</span>` : ""} <span class="muted">${names}</span>
          ${list.status === "over" ? html`<span class="muted"> — ${outcomeText(game)}</span>` : ""}
          ${list.status === "waiting" ? html`<span class="muted"> — ${game.open_seats.length} open</span>` : ""}
          <${TableFacts} game=${game} catalogue=${catalogue} />
        </li>`;
      })}</ul>`}
  </section>`;
}

/** Open the table `body` asks for, sit down at it as `name` and go there; a refusal names its option. */
async function openAndSit(body, name, { setRefusal, setBusy, setNotice }) {
  let opened;
  try {
    opened = await post("/api/games", body);
  } catch (error) {
    setRefusal({ text: error.message, field: fieldOf(error.message) });
    setBusy(false);
    return;
  }
  try {
    const trimmed = name.trim();
    localStorage.setItem("backroom.name", trimmed);
    const seating = await post(`/api/games/${opened.id}/join`, { name: trimmed, pledge: await pledgeToSit(opened.id) });
    keepSeat(opened.id, { seat: seating.seat, token: seating.token, name: trimmed, recovery: seating.recovery_code });
    location.assign(`/games/${opened.id}`);
  } catch (error) {
    setNotice({ kind: "error", text: error.message });
    setBusy(false);
  }
}

/** The game chosen, its seat count and options, and the server's refusal of them (reset with the game). */
function useGameChoice(catalogue) {
  const [gameId, setGameId] = useState(catalogue[0].id);
  const game = catalogue.find((g) => g.id === gameId) || catalogue[0];
  const [seats, setSeats] = useState(game.min_seats);
  const [options, setOptions] = useState({});
  const [refusal, setRefusal] = useState(null); // the server's own message, and the option it names
  const choose = (id) => {
    const next = catalogue.find((g) => g.id === id);
    setGameId(id);
    setSeats(next.min_seats);
    setOptions({});
    setRefusal(null);
  };
  return { gameId, game, choose, seats, setSeats, options, setOptions, refusal, setRefusal };
}

function NewTable({ catalogue, setNotice }) {
  const { gameId, game, choose, seats, setSeats, options, setOptions, refusal, setRefusal } = useGameChoice(catalogue);
  const [name, setName] = useState(localStorage.getItem("backroom.name") || "");
  const [handle, setHandle] = useState(null); // signed in: you sit under your handle
  useEffect(() => { session().then((found) => { if (found.handle) { setHandle(found.handle); setName(found.handle); } }); }, []);
  const [busy, setBusy] = useState(false);
  const [bots, setBots] = useState({});
  const [clock, setClock] = useState("none");
  const [timeoutRule, setTimeoutRule] = useState("move");

  const submit = (event) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    const body = { game: game.id, seats: Number(seats), options: chosenOptions(game.options_schema, options), ...seatingBody(bots, clock, timeoutRule) };
    openAndSit(body, name, { setRefusal, setBusy, setNotice });
  };

  return html`<form class="new-table" onSubmit=${submit}>
    <label for="new-game">Game</label>
    <select id="new-game" name="game" value=${gameId} onChange=${(e) => choose(e.target.value)}>
      ${catalogue.map((g) => html`<option key=${g.id} value=${g.id}>${g.title}</option>`)}
    </select>
    <label for="new-seats">Seats</label>
    <input id="new-seats" name="seats" type="number" min=${game.min_seats} max=${game.max_seats} value=${seats}
      disabled=${game.min_seats === game.max_seats} onInput=${(e) => setSeats(e.target.value)} />
    <label for="new-name">Your name</label>
    <input id="new-name" name="name" required maxlength="40" autocomplete="nickname" value=${name} readOnly=${Boolean(handle)}
      aria-describedby=${handle ? "name-is-handle" : undefined} onInput=${(e) => setName(e.target.value)} />
    ${handle ? html`<p class="muted" id="name-is-handle">Signed in: you sit under your handle, and the table counts for your ratings.</p>` : ""}
    <${OptionsForm} key=${game.id} schema=${game.options_schema} values=${options} refusal=${refusal} seats=${Number(seats)}
      onChange=${(key, value) => { setOptions({ ...options, [key]: value }); setRefusal(null); }} />
    ${refusal ? html`<p class="notice error form-refusal" role="alert" id="options-refusal">${refusal.text}</p>` : ""}
    <${SeatingFields} seats=${Number(seats)} bots=${bots} setBots=${setBots} clock=${clock} setClock=${setClock} timeout=${timeoutRule} setTimeout=${setTimeoutRule} />
    <button type="submit" disabled=${busy}>Open the table and sit down</button>
  </form>`;
}

mount(Lobby);
