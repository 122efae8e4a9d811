// The lobby (/): games on offer, open tables to join, games to watch, finished games to replay, and
// a form to open a table. The creator joins like anyone else; the join link carries no token.

import { get, keepSeat, mySeat, post, sleep } from "./api.js";
import { Notice, crumbs, html, mount, outcomeText, useEffect, useState } from "./ui.js";
import { SeatingFields, seatingBody } from "./clocks.js";

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
    <${Notice} notice=${notice} />
    <div class="lobby-grid">
      <section class="card-panel" aria-labelledby="new-table"><h2 id="new-table">Open a table</h2>
        ${catalogue.length ? html`<${NewTable} catalogue=${catalogue} setNotice=${setNotice} />` : html`<p class="muted">Loading the games…</p>`}
      </section>
      <section class="card-panel" aria-labelledby="on-offer"><h2 id="on-offer">Games on offer</h2>
        <ul class="catalogue">${catalogue.map((game) => html`<li key=${game.id}><strong>${game.title}</strong>${" "}
          <span class="muted">${game.min_seats === game.max_seats ? `${game.min_seats} players` : `${game.min_seats}–${game.max_seats} players`}</span>
          <p>${game.summary}</p></li>`)}</ul>
      </section>
    </div>
    ${LISTS.map((list) => html`<${GameList} key=${list.status} list=${list} found=${lists[list.status]} />`)}`;
}

function GameList({ list, found }) {
  const games = found ? found.games : null;
  return html`<section class="card-panel games" aria-labelledby=${`list-${list.status}`} data-list=${list.status}>
    <h2 id=${`list-${list.status}`}>${list.title}${found ? html` <span class="muted">(${found.total})</span>` : ""}</h2>
    ${games === null ? html`<p class="muted">Loading…</p>` : !games.length ? html`<p class="muted">${list.empty}</p>` : html`
      <ul>${games.map((game) => {
        const seat = mySeat(game.id);
        const names = game.seats.map((s) => s.name || "open seat").join(", ");
        const href = list.status === "over" ? `/games/${game.id}/replay` : `/games/${game.id}`;
        const action = seat && list.status !== "over" ? "Your seat" : list.action;
        return html`<li key=${game.id} data-game=${game.id}>
          <a class="button" href=${href} aria-label=${`${action}: ${game.title}, ${names}`}>${action}</a>
          <strong>${game.title}</strong> <span class="muted">${names}</span>
          ${list.status === "over" ? html`<span class="muted"> — ${outcomeText(game)}</span>` : ""}
          ${list.status === "waiting" ? html`<span class="muted"> — ${game.open_seats.length} open</span>` : ""}
        </li>`;
      })}</ul>`}
  </section>`;
}

function NewTable({ catalogue, setNotice }) {
  const [gameId, setGameId] = useState(catalogue[0].id);
  const game = catalogue.find((g) => g.id === gameId) || catalogue[0];
  const [seats, setSeats] = useState(game.min_seats);
  const [name, setName] = useState(localStorage.getItem("backroom.name") || "");
  const [options, setOptions] = useState({});
  const [busy, setBusy] = useState(false);
  const [bots, setBots] = useState({});
  const [clock, setClock] = useState("none");
  const properties = optionProperties(game.options_schema);

  const choose = (id) => {
    const next = catalogue.find((g) => g.id === id);
    setGameId(id);
    setSeats(next.min_seats);
    setOptions({});
  };

  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const chosen = {};
      for (const [key, text] of Object.entries(options)) {
        if (text === "" || text === undefined) continue;
        chosen[key] = properties[key] && properties[key].kind === "boolean" ? text : JSON.parse(text);
      }
      const opened = await post("/api/games", { game: game.id, seats: Number(seats), options: chosen, ...seatingBody(bots, clock) });
      const trimmed = name.trim();
      localStorage.setItem("backroom.name", trimmed);
      const seating = await post(`/api/games/${opened.id}/join`, { name: trimmed });
      keepSeat(opened.id, { seat: seating.seat, token: seating.token, name: trimmed });
      location.assign(`/games/${opened.id}`);
    } catch (error) {
      setNotice({ kind: "error", text: error instanceof SyntaxError ? `An option is not valid JSON: ${error.message}` : error.message });
      setBusy(false);
    }
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
    <input id="new-name" name="name" required maxlength="40" autocomplete="nickname" value=${name} onInput=${(e) => setName(e.target.value)} />
    ${Object.keys(properties).length ? html`<details class="options"><summary>Table options</summary>
      ${Object.entries(properties).map(([key, spec]) => html`<${OptionField} key=${key} name=${key} spec=${spec}
        value=${options[key]} onChange=${(value) => setOptions({ ...options, [key]: value })} />`)}
    </details>` : ""}
    <${SeatingFields} seats=${Number(seats)} bots=${bots} setBots=${setBots} clock=${clock} setClock=${setClock} />
    <button type="submit" disabled=${busy}>Open the table and sit down</button>
  </form>`;
}

/** The game's options from its JSON schema: {name: {kind, title, placeholder, choices}}. */
function optionProperties(schema) {
  const root = schema && schema.$ref ? schema.$defs[schema.$ref.split("/").pop()] : schema;
  const found = {};
  for (const [key, spec] of Object.entries((root && root.properties) || {})) {
    const types = spec.anyOf ? spec.anyOf.map((s) => s.type) : [spec.type];
    const kind = spec.enum ? "choice" : types.includes("boolean") ? "boolean" : types.includes("integer") || types.includes("number") ? "number" : "json";
    found[key] = { kind, title: spec.title || key.replace(/_/g, " "), choices: spec.enum, placeholder: JSON.stringify(spec.default ?? null) };
  }
  return found;
}

function OptionField({ name, spec, value, onChange }) {
  const id = `option-${name}`;
  if (spec.kind === "boolean") {
    return html`<label class="check"><input id=${id} type="checkbox" checked=${!!value} onChange=${(e) => onChange(e.target.checked)} /> ${spec.title}</label>`;
  }
  if (spec.kind === "choice") {
    return html`<label for=${id}>${spec.title}</label><select id=${id} value=${value || ""} onChange=${(e) => onChange(e.target.value ? JSON.stringify(e.target.value) : "")}>
      <option value="">default</option>${spec.choices.map((c) => html`<option value=${c}>${c}</option>`)}</select>`;
  }
  return html`<label for=${id}>${spec.title} <span class="muted">(default ${spec.placeholder})</span></label>
    <input id=${id} type=${spec.kind === "number" ? "number" : "text"} value=${value || ""} placeholder=${spec.placeholder}
      onInput=${(e) => onChange(e.target.value)} />`;
}

mount(Lobby);
