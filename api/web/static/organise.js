// Organise a tournament (/tournaments/new, linked from the lobby): the game, the format, the rounds,
// every table's clock, the no-show rule, and the entrants (known players by handle, and bots).

import { get, post, session } from "./api.js";
import { Notice, crumbs, html, mount, useEffect, useState } from "./ui.js";

const handles = (text) => text.split(/[\s,]+/).map((h) => h.trim()).filter(Boolean);
const bots = (count) => Array.from({ length: count }, (_, n) => ({ name: `bot-${n + 1}`, bot: { policy: "random", level: 1 } }));

function Form({ games, onNotice }) {
  const [form, setForm] = useState({ game: games[0].id, format: "swiss", rounds: 3, seconds: 60, no_show: "bot", players: "", bots: 0 });
  const field = (name, parse = (v) => v) => (event) => setForm({ ...form, [name]: parse(event.target.value) });
  const create = (event) => {
    event.preventDefault();
    const body = { game: form.game, format: form.format, rounds: form.rounds, clock: { kind: "move", seconds: form.seconds },
      no_show: form.no_show, players: handles(form.players), bots: bots(form.bots) };
    post("/api/tournaments", body).then((made) => { location.href = `/tournaments/${made.id}`; })
      .catch((error) => onNotice({ kind: "error", text: error.message }));
  };
  return html`<form class="card-panel" id="organise" onSubmit=${create}>
    <label>Game <select id="game" value=${form.game} onChange=${field("game")}>${games.map((g) => html`<option value=${g.id}>${g.title}</option>`)}</select></label>
    <label>Format <select id="format" value=${form.format} onChange=${field("format")}><option value="swiss">Swiss</option><option value="round-robin">Round-robin</option></select></label>
    <label>Rounds <input id="rounds" type="number" min="1" max="50" value=${form.rounds} onInput=${field("rounds", Number)} /></label>
    <label>Seconds a move (also the grace before a no-show) <input id="seconds" type="number" min="5" value=${form.seconds} onInput=${field("seconds", Number)} /></label>
    <label>A seat nobody plays <select id="no-show" value=${form.no_show} onChange=${field("no_show")}><option value="bot">is played by a stand-in bot</option><option value="forfeit">forfeits</option></select></label>
    <label>Players (handles, separated by commas) <input id="players" value=${form.players} onInput=${field("players")} /></label>
    <label>Bots <input id="bots" type="number" min="0" max="200" value=${form.bots} onInput=${field("bots", Number)} /></label>
    <button type="submit" class="primary" id="create">Create the tournament</button>
  </form>`;
}

function Page() {
  const [games, setGames] = useState(null);
  const [handle, setHandle] = useState(undefined);
  const [notice, setNotice] = useState(null);
  useEffect(() => {
    crumbs([{ text: "Lobby", href: "/" }, { text: "Organise a tournament" }]);
    session().then((s) => setHandle(s.handle));
    get("/api/games/catalogue").then((found) => setGames(found.games)).catch((error) => setNotice({ kind: "error", text: error.message }));
  }, []);
  if (handle === null) return html`<h1>Organise a tournament</h1><p><a href="/account">Sign in</a> to organise one: the organiser is a known player.</p>`;
  return html`<h1>Organise a tournament</h1><${Notice} notice=${notice} />
    ${games ? html`<${Form} games=${games} onNotice=${setNotice} />` : ""}`;
}

mount(Page);
