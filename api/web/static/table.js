// The game table (/games/{id}): your view drawn by the game's renderer, your legal moves as
// controls, the event log, live updates, and the take-back (undo) and consent prompts.

import { Refusal, commandKey, follow, gameIdFromPath, gamePath, get, keepSeat, mySeat, post, sleep } from "./api.js";
import { rendererFor } from "./games/index.js";
import * as generic from "./games/generic.js";
import { Clock, botMark } from "./clocks.js";
import { EventLog, Notice, crumbs, html, mount, outcomeText, seatName, useCallback, useEffect, useRef, useState } from "./ui.js";

const TAKE_BACKS = new Set(["TakeBack", "RequestTakeBack", "ApproveTakeBack", "RefuseTakeBack"]);
const POLL_MS = 1000;

function withMin(path, version) {
  return version ? `${path}${path.includes("?") ? "&" : "?"}min_version=${version}` : path;
}

function Table() {
  const id = gameIdFromPath();
  const [summary, setSummary] = useState(null);
  const [mine, setMine] = useState(() => mySeat(id));
  const [seen, setSeen] = useState(null); // the /view answer: {version, status, seat, to_act, view}
  const [legal, setLegal] = useState({ version: 0, commands: [] });
  const [log, setLog] = useState([]);
  const [renderer, setRenderer] = useState(null);
  const [notice, setNotice] = useState(null);
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState(null);
  const [live, setLive] = useState("connecting");
  const [missing, setMissing] = useState(false);
  const known = useRef({ version: 0, logged: 0, running: null, again: false });
  const floor = useRef(0); // the version our own join reached: reads wait for the read side to get there
  const token = mine ? mine.token : null;

  // A sandbox (a fork) gives this browser every seat: it plays whichever seat is to act.
  const sandboxTurn = mine && mine.others && summary ? summary.to_act : null;
  useEffect(() => {
    if (!sandboxTurn || sandboxTurn.length !== 1 || sandboxTurn[0] === mine.seat) return;
    const next = mine.others.find((other) => other.seat === sandboxTurn[0]);
    if (!next) return;
    const seat = { ...next, others: mine.others };
    keepSeat(id, seat);
    setMine(seat);
  }, [sandboxTurn && sandboxTurn.join(",")]);

  // Entries from the feed extend the log as they are; from the stream or a ruling only when they
  // follow on from it (a gap is filled by the next refresh, which reads the feed after the log).
  const addToLog = useCallback((entries, fromFeed = false) => {
    const fresh = entries.filter((entry) => entry.version > known.current.logged);
    if (!fresh.length || (!fromFeed && fresh[0].version !== known.current.logged + 1)) return;
    known.current.logged = fresh[fresh.length - 1].version;
    setLog((old) => [...old, ...fresh]);
  }, []);

  const refresh = useCallback(async () => {
    const state = known.current;
    if (state.running) { state.again = true; return state.running; }
    state.running = (async () => {
      do {
        state.again = false;
        try {
          const min = state.version;
          const [nextSummary, view, moves, feed] = await Promise.all([
            get(gamePath(id)),
            get(withMin(`${gamePath(id)}/view`, min), { token }),
            get(withMin(`${gamePath(id)}/legal`, min), { token }),
            get(withMin(`${gamePath(id)}/events?after=${state.logged}`, min), { token }),
          ]);
          if (state !== known.current) return; // the seat changed meanwhile: a newer refresh answers
          state.version = Math.max(state.version, view.version);
          setSummary(nextSummary);
          setSeen(view);
          setLegal(moves);
          addToLog(feed.events, true);
          state.refused = 0;
        } catch (error) {
          if (state !== known.current) return;
          if (error instanceof Refusal && error.status === 404) setMissing(true);
          else if (error instanceof Refusal && error.status === 403 && token && (state.refused = (state.refused || 0) + 1) < 20) {
            // A seat just taken may not have reached the read side yet: look again shortly.
            await sleep(150);
            state.again = true;
          } else setNotice({ kind: "error", text: error.message });
        }
      } while (state.again);
    })().finally(() => { state.running = null; });
    return state.running;
  }, [id, token, addToLog]);

  useEffect(() => {
    get(gamePath(id)).then(async (first) => {
      setSummary(first);
      setRenderer(await rendererFor(first.game));
      document.title = `${first.title} · Backroom`;
      crumbs([{ text: "Lobby", href: "/" }, { text: first.title }]);
    }).catch((error) => (error.status === 404 ? setMissing(true) : setNotice({ kind: "error", text: error.message })));
  }, [id]);

  // Live updates: the stream when the server has one, else poll the summary's version.
  useEffect(() => {
    const stop = new AbortController();
    known.current = { version: Math.max(floor.current, known.current.version), logged: 0, running: null, again: false };
    setLog([]);
    (async () => {
      await refresh(); // then the stream resumes after what the feed already gave
      if (stop.signal.aborted) return;
      const onEvent = (message) => {
        const data = message.json;
        if (data && typeof data.version === "number" && data.description) addToLog([data]);
        refresh();
      };
      const streamed = await follow(id, token, known.current.logged || null, onEvent, stop.signal, setLive);
      if (streamed || stop.signal.aborted) return;
      setLive("polling");
      while (!stop.signal.aborted) {
        await sleep(POLL_MS, stop.signal);
        if (stop.signal.aborted) return;
        try {
          const latest = await get(gamePath(id), { signal: stop.signal });
          if (latest.version !== known.current.version) refresh();
        } catch {
          /* the next round tries again */
        }
      }
    })();
    return () => stop.abort();
  }, [id, token, refresh, addToLog]);

  const send = async (command) => {
    setBusy(true);
    setNotice(null);
    try {
      const version = known.current.version;
      const ruling = await post(`${gamePath(id)}/commands`, command, {
        token, headers: { "If-Match": `"${version}"`, "Idempotency-Key": commandKey() },
      });
      known.current.version = Math.max(known.current.version, ruling.version);
      setSeen(ruling);
      addToLog(ruling.events);
      setPicked(null);
    } catch (error) {
      const clash = error instanceof Refusal && (error.status === 409 || error.status === 412);
      setNotice({ kind: clash ? "info" : "error", text: clash ? "The table moved on before your command arrived; here it is now." : error.message });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const join = async (name) => {
    setBusy(true);
    try {
      const seating = await post(`${gamePath(id)}/join`, { name });
      const seat = { seat: seating.seat, token: seating.token, name };
      floor.current = seating.game.version;
      keepSeat(id, seat);
      setMine(seat);
      setNotice({ kind: "info", text: `You sit at seat ${seating.seat + 1}.` });
    } catch (error) {
      setNotice({ kind: "error", text: error.message });
    } finally {
      setBusy(false);
    }
  };

  if (missing) return html`<section class="card-panel"><h1>No such game</h1><p>This table does not exist. <a href="/">Back to the lobby</a>.</p></section>`;
  if (!summary || !renderer) return html`<p class="muted">Loading the table…</p><${Notice} notice=${notice} />`;
  const R = renderer;
  const seat = seen && seen.seat !== undefined ? seen.seat : null;
  const toAct = (seen && seen.to_act) || summary.to_act || [];
  const view = seen ? seen.view : null;
  const commands = legal.commands || [];
  const undo = commands.filter((c) => TAKE_BACKS.has(c.type));
  const moves = commands.filter((c) => !TAKE_BACKS.has(c.type));
  const describe = (command) => R.label(command, view, seat) || generic.label(command);
  const undone = takeBacks(log);
  document.title = `${seat !== null && seat !== undefined && toAct.includes(seat) ? "● Your move · " : ""}${summary.title} · Backroom`;
  const onPick = (card) => setPicked((old) => (old === card ? null : card));
  return html`
    <${Heading} summary=${summary} seat=${seat} mine=${mine} live=${live} version=${known.current.version} />
    <${Notice} notice=${notice} />
    ${summary.status === "waiting" && !mine ? html`<${JoinForm} summary=${summary} onJoin=${join} busy=${busy} />` : ""}
    ${summary.status === "over" ? html`<p class="outcome" role="status">${outcomeText(summary)} <a href=${`/games/${encodeURIComponent(id)}/replay`}>Replay the game</a></p>` : ""}
    <div class="table-grid">
      <section class="board" aria-label="The table">
        <${R.Board} view=${view} seat=${seat} summary=${summary} picked=${picked} onPick=${moves.length ? onPick : null} toAct=${toAct} />
        ${R.own ? html`<details class="raw"><summary>Show the view as data</summary><${generic.Board} view=${view} /></details>` : ""}
      </section>
      <aside class="table-side">
        <${Consent} commands=${undo} send=${send} busy=${busy} summary=${summary} request=${undone.request} />
        <${Controls} moves=${moves} R=${R} describe=${describe} send=${send} busy=${busy} picked=${picked}
          setPicked=${setPicked} seat=${seat} toAct=${toAct} summary=${summary} />
        <${EventLog} entries=${log} reverted=${undone.reverted} />
      </aside>
    </div>`;
}

function Heading({ summary, seat, mine, live, version }) {
  const id = summary.id;
  const link = `${location.origin}/games/${encodeURIComponent(id)}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      document.getElementById("join-link").select();
    }
  };
  return html`<section class="table-head">
    <h1>${summary.title} <span class=${`status ${summary.status}`}>${summary.status}</span></h1>
    <ul class="seat-list" aria-label="Seats">${summary.seats.map((entry) => html`<li key=${entry.seat}
        class=${`${summary.to_act.includes(entry.seat) ? "to-act" : ""} ${seat === entry.seat ? "mine" : ""}`}>
      ${entry.name || html`<em>open seat</em>`}${botMark(entry)}${seat === entry.seat ? " (you)" : ""}${summary.to_act.includes(entry.seat) ? html` <span class="turn-mark">to play</span>` : ""}
    </li>`)}</ul>
    <${Clock} clock=${summary.clock} summary=${summary} />
    <p class="meta">
      ${seat === null || seat === undefined ? html`<strong>You are watching</strong> (the public table).` : html`You play <strong>${seatName(summary, seat)}</strong>.`}
      ${" "}Version <span class="version">${version}</span> · <span class=${`live ${live}`}>${{ live: "live", polling: "updating", reconnecting: "reconnecting…", connecting: "connecting…" }[live] || live}</span>
      · <a href=${`/games/${encodeURIComponent(id)}/replay`}>Replay viewer</a>
    </p>
    ${summary.status === "waiting" ? html`<div class="share">
      <label for="join-link">Join link (carries no seat token)</label>
      <input id="join-link" readonly value=${link} onFocus=${(e) => e.target.select()} />
      <button type="button" onClick=${copy}>${copied ? "Copied" : "Copy"}</button>
      <span class="muted">${summary.open_seats.length} open seat(s)</span>
    </div>` : ""}
    ${mine && mine.others ? html`<p class="sandbox">A sandbox: this browser holds every seat and plays whoever is to act.</p>` : ""}
  </section>`;
}

function JoinForm({ summary, onJoin, busy }) {
  const [name, setName] = useState(localStorage.getItem("backroom.name") || "");
  if (!summary.open_seats.length) return "";
  const submit = (event) => {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen) return;
    localStorage.setItem("backroom.name", chosen);
    onJoin(chosen);
  };
  return html`<form class="join card-panel" onSubmit=${submit} aria-label="Take a seat">
    <label for="join-name">Your name</label>
    <input id="join-name" name="name" required maxlength="40" autocomplete="nickname" value=${name} onInput=${(e) => setName(e.target.value)} />
    <button type="submit" disabled=${busy}>Take a seat</button>
  </form>`;
}

/** The take-backs the log shows: the ranges taken back, and the open request (if any). */
export function takeBacks(log) {
  const ranges = [];
  let request = null;
  for (const entry of log) {
    const event = entry.event || {};
    if (event.type === "TurnTakenBack") { ranges.push([event.first, event.last]); request = null; }
    else if (event.type === "TakeBackRequested") request = event;
    else if (event.type === "TakeBackRefused" || event.type === "TakeBackLapsed") request = null;
  }
  return { ranges, request, reverted: (v) => ranges.some(([first, last]) => v >= first && v <= last) };
}

function Consent({ commands, send, busy, summary, request }) {
  if (!commands.length) return "";
  const asked = commands.some((c) => c.type === "ApproveTakeBack" || c.type === "RefuseTakeBack");
  const text = {
    TakeBack: "Take back my last step",
    RequestTakeBack: "Ask to take back my turn",
    ApproveTakeBack: "Allow the take-back",
    RefuseTakeBack: "Refuse",
  };
  const asker = request ? seatName(summary, request.seat) : "Another player";
  const range = request ? ` (versions ${request.first}–${request.last})` : "";
  return html`<section class=${`consent ${asked ? "asked" : ""}`} role=${asked ? "alertdialog" : "region"}
      aria-label=${asked ? "A take-back needs your consent" : "Undo"} aria-live="assertive">
    <h2>${asked ? "Take-back requested" : "Undo"}</h2>
    ${asked ? html`<p>${asker} asks to take back their turn${range}.${request && request.deadline
      ? ` Answer by ${new Date(request.deadline).toLocaleTimeString()}.` : ""}</p>` : ""}
    <div class="buttons">${commands.map((command, i) => html`<button key=${i} type="button" disabled=${busy}
      class=${`takeback ${command.type === "RefuseTakeBack" ? "secondary" : ""}`} data-command=${JSON.stringify(command)}
      onClick=${() => send(command)}>${text[command.type] || command.type}</button>`)}</div>
  </section>`;
}

function Controls({ moves, R, describe, send, busy, picked, setPicked, seat, toAct, summary }) {
  if (seat === null || seat === undefined) return "";
  if (!moves.length) {
    const waiting = toAct.length ? `Waiting for ${toAct.map((s) => seatName(summary, s)).join(", ")}.` : "";
    return html`<section class="controls" aria-label="Your moves"><h2>Your moves</h2><p class="muted">${
      summary.status === "over" ? "The game is over." : waiting || "Nothing to do yet."}</p></section>`;
  }
  const shown = picked === null ? moves : moves.filter((c) => { const k = R.cardOf(c); return k === null || k === picked; });
  const groups = new Map();
  for (const command of shown) {
    const name = R.group(command) || "Moves";
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(command);
  }
  return html`<section class="controls" aria-label="Your moves">
    <h2>Your moves <span class="muted">(${moves.length})</span></h2>
    ${picked !== null ? html`<p class="muted">Showing moves with the picked card. <button type="button" class="linkish" onClick=${() => setPicked(null)}>Show all</button></p>`
      : moves.length > 6 && moves.some((c) => R.cardOf(c) !== null) ? html`<p class="muted">Pick a card in your hand to narrow these moves.</p>` : ""}
    ${[...groups.entries()].map(([name, list]) => html`<fieldset key=${name}><legend>${name}</legend>
      ${list.map((command, i) => html`<button key=${i} type="button" class="move" disabled=${busy}
        data-command=${JSON.stringify(command)} onClick=${() => send(command)}>${describe(command)}</button>`)}
    </fieldset>`)}
  </section>`;
}

mount(Table);
