// The game table (/games/{id}): your view drawn by the game's renderer, your legal moves as
// controls, the event log, live updates, and the take-back (undo) and consent prompts.

import { Refusal, commandKey, follow, forgetSeat, gameIdFromPath, gamePath, get, keepSeat, mySeat, post, sleep } from "./api.js";
import { rendererFor } from "./games/index.js";
import * as generic from "./games/generic.js";
import { SeatLink, claimFromLink } from "./seatlink.js";
import { ChatPanel, loadChat } from "./chat.js";
import { EventLog, Notice, crumbs, html, mount, outcomeText, plural, seatName, useCallback, useEffect, useRef, useState } from "./ui.js";

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
  const [narrowed, setNarrowed] = useState(null); // the board target chosen for the picked card
  const board = useRef(null);
  const [live, setLive] = useState("connecting");
  const [missing, setMissing] = useState(false);
  const [chat, setChat] = useState([]);
  const chatSeen = useRef(0); // the last message number shown: the stream resumes the chat after it
  const addChat = useCallback((found) => {
    const fresh = found.filter((m) => m && m.number > chatSeen.current).sort((a, b) => a.number - b.number);
    if (!fresh.length) return;
    chatSeen.current = fresh[fresh.length - 1].number;
    setChat((old) => [...old, ...fresh]);
  }, []);
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
          } else if (error instanceof Refusal && error.code === "auth/invalid_token" && token) {
            // A newer seat link replaced this browser's token: the seat lives on another device now.
            forgetSeat(id);
            setMine(null);
            setNotice({ kind: "info", text: "Your seat moved to another device (a newer seat link replaced this browser's). You are watching." });
          } else setNotice({ kind: "error", text: error.message });
        }
      } while (state.again);
    })().finally(() => { state.running = null; });
    return state.running;
  }, [id, token, addToLog]);

  // Opened with a private seat link (#seat=...): this browser takes the seat, the address drops the token.
  useEffect(() => {
    claimFromLink(id).then((claimed) => {
      if (!claimed) return;
      if (claimed.seat) setMine(claimed.seat);
      setNotice(claimed.notice);
    });
  }, [id]);

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
      await Promise.all([refresh(), loadChat(id).then(addChat).catch(() => {})]); // then the stream resumes after both
      if (stop.signal.aborted) return;
      const onEvent = (message) => {
        const data = message.json;
        if (message.event === "chat") { addChat([data]); return; }
        if (data && typeof data.version === "number" && data.description) addToLog([data]);
        refresh();
      };
      const streamed = await follow(id, token, known.current.logged || null, onEvent, stop.signal, setLive,
        () => `?chat_after=${chatSeen.current}`);
      if (streamed || stop.signal.aborted) return;
      setLive("polling");
      while (!stop.signal.aborted) {
        await sleep(POLL_MS, stop.signal);
        if (stop.signal.aborted) return;
        try {
          const latest = await get(gamePath(id), { signal: stop.signal });
          if (latest.version !== known.current.version) refresh();
          loadChat(id).then(addChat).catch(() => {});
        } catch {
          /* the next round tries again */
        }
      }
    })();
    return () => stop.abort();
  }, [id, token, refresh, addToLog, addChat]);

  // The last move stands out on the board: every card it names (the game's modules mark cards with data-card).
  useEffect(() => {
    const box = board.current;
    if (!box) return;
    const cards = lastCards(log);
    for (const old of box.querySelectorAll(".last-move")) if (!cards.has(old.dataset.card)) old.classList.remove("last-move");
    for (const card of cards) for (const found of box.querySelectorAll(`[data-card="${card}"]`)) found.classList.add("last-move");
  });

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
      setNarrowed(null);
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
      setNotice({ kind: "info", text: `You sat down as ${name}.` });
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
  const seated = seat !== null && seat !== undefined;
  const toAct = (seen && seen.to_act) || summary.to_act || [];
  const view = seen ? seen.view : null;
  const commands = legal.commands || [];
  const undo = commands.filter((c) => TAKE_BACKS.has(c.type));
  const moves = commands.filter((c) => !TAKE_BACKS.has(c.type));
  const describe = (command) => R.label(command, view, seat) || generic.label(command);
  const undone = takeBacks(log);
  document.title = `${seated && toAct.includes(seat) ? "● Your move · " : ""}${summary.title} · Backroom`;
  let play = playing({ R, moves, picked, narrowed, view, seat, summary, toAct });
  if (picked !== null && !play.playable.has(picked)) play = playing({ R, moves, picked: null, narrowed: null, view, seat, summary, toAct });
  const onPick = (card) => {
    setNarrowed(null);
    if (!play.playable.has(card)) {
      setPicked(null);
      setNotice({ kind: "error", text: play.why(card) });
      return;
    }
    setNotice(null);
    setPicked((old) => (old === card ? null : card));
  };
  const onPlay = (card) => {
    const only = moves.filter((c) => R.cardOf(c) === card);
    if (only.length === 1) send(only[0]);
    else if (only.length) { setPicked(card); setNotice({ kind: "info", text: "This card has several moves: pick where it goes, or a move below." }); }
  };
  const onTarget = (target) => {
    const here = play.targets.get(target) || [];
    if (here.length === 1) send(here[0]);
    else setNarrowed(target);
  };
  const hand = R.Hand && seated ? html`<${R.Hand} view=${view} seat=${seat} picked=${picked} playable=${play.playable}
    onPick=${moves.length ? onPick : null} onPlay=${moves.length ? onPlay : null} />` : "";
  return html`
    <${Heading} summary=${summary} seat=${seat} mine=${mine} live=${live} version=${known.current.version} setMine=${setMine} />
    ${seated ? "" : html`<${Notice} notice=${notice} />`}
    ${summary.status === "waiting" && !mine ? html`<${JoinForm} summary=${summary} onJoin=${join} busy=${busy} />` : ""}
    ${summary.status === "over" ? html`<p class="outcome" role="status">${outcomeText(summary)} <a href=${`/games/${encodeURIComponent(id)}/replay`}>Replay the game</a></p>` : ""}
    <div class="table-grid">
      <section class="board" aria-label="The table" ref=${board}>
        <${R.Board} view=${view} seat=${seat} summary=${summary} picked=${picked} onPick=${moves.length ? onPick : null} toAct=${toAct}
          handElsewhere=${Boolean(hand)} targets=${play.targets} onTarget=${onTarget} log=${log} />
        ${R.own ? html`<details class="raw"><summary>Show the view as data</summary><${generic.Board} view=${view} /></details>` : ""}
      </section>
      <aside class="table-side">
        ${seated ? html`<${Dock} notice=${notice} hand=${hand}
          consent=${html`<${Consent} commands=${undo} send=${send} busy=${busy} summary=${summary} request=${undone.request} log=${log} seat=${seat} />`}
          controls=${html`<${Controls} R=${R} moves=${moves} shown=${play.shown} describe=${describe} send=${send} busy=${busy}
            picked=${picked} clear=${() => { setPicked(null); setNarrowed(null); }} toAct=${toAct} summary=${summary}
            hasCards=${play.playable.size > 0} />`} />` : ""}
        <${EventLog} entries=${log} reverted=${undone.reverted} />
        <${ChatPanel} gameId=${id} token=${seated ? token : null} messages=${chat} onSent=${(m) => addChat([m])} />
      </aside>
    </div>`;
}

/**
 * What clicking can do now: the cards some move plays, the board targets of the picked card's moves,
 * the moves the list shows (all, or the picked card's, or those at the target chosen) and why a card
 * cannot be played (the game's own reason when its module gives one).
 */
function playing({ R, moves, picked, narrowed, view, seat, summary, toAct }) {
  const playable = new Set(moves.map((c) => R.cardOf(c)).filter((card) => card !== null));
  const mine = picked === null ? [] : moves.filter((c) => R.cardOf(c) === picked);
  const targets = new Map();
  for (const command of mine) {
    const target = R.targetOf(command);
    if (target === null) continue;
    if (!targets.has(target)) targets.set(target, []);
    targets.get(target).push(command);
  }
  const shown = picked === null ? moves : narrowed !== null ? targets.get(narrowed) || [] : mine;
  const why = (card) => {
    if (!toAct.includes(seat)) return `Not your turn: waiting for ${toAct.map((s) => seatName(summary, s)).join(" and ") || "the game"}.`;
    return (R.whyNot && R.whyNot(card, view, seat)) || "No move plays this card now.";
  };
  return { playable, targets, shown, why };
}

/** Your hand, your moves and what the table tells you: one place, a bar at the bottom on a phone. */
function Dock({ notice, hand, consent, controls }) {
  const box = useRef(null);
  useEffect(() => {
    const dock = box.current;
    if (!dock || !window.ResizeObserver) return undefined;
    const root = document.documentElement;
    const measure = () => {
      const fixed = getComputedStyle(dock).position === "fixed";
      root.style.setProperty("--dock", fixed ? `${dock.offsetHeight}px` : "0px");
    };
    const watch = new ResizeObserver(measure);
    watch.observe(dock);
    window.addEventListener("resize", measure);
    return () => { watch.disconnect(); window.removeEventListener("resize", measure); root.style.removeProperty("--dock"); };
  }, []);
  return html`<section class="dock" aria-label="Your hand and moves" ref=${box}>
    <${Notice} notice=${notice} />
    ${consent}
    ${hand ? html`<div class="dock-hand">${hand}</div>` : ""}
    ${controls}
  </section>`;
}

function Heading({ summary, seat, mine, live, version, setMine }) {
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
      ${entry.name || html`<em>open seat</em>`}${seat === entry.seat ? " (you)" : ""}${summary.to_act.includes(entry.seat) ? html` <span class="turn-mark">to play</span>` : ""}
    </li>`)}</ul>
    <p class="meta">
      ${seat === null || seat === undefined ? html`<strong>You are watching</strong> (the public table).` : html`You play <strong>${seatName(summary, seat)}</strong>.`}
      ${" "}Version <span class="version">${version}</span> · <span class=${`live ${live}`}>${{ live: "live", polling: "updating", reconnecting: "reconnecting…", connecting: "connecting…" }[live] || live}</span>
      · <a href=${`/games/${encodeURIComponent(id)}/replay`}>Replay viewer</a>
    </p>
    ${summary.status === "waiting" ? html`<div class="share">
      <label for="join-link">Join link (carries no seat token)</label>
      <input id="join-link" readonly value=${link} onFocus=${(e) => e.target.select()} />
      <button type="button" onClick=${copy}>${copied ? "Copied" : "Copy"}</button>
      <span class="muted">${plural(summary.open_seats.length, "open seat")}</span>
    </div>` : ""}
    ${seat !== null && seat !== undefined ? html`<${SeatLink} gameId=${id} mine=${mine} onNewSeat=${setMine} />` : ""}
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

/** The cards the latest move names (a card played, stashed, taken), as data-card strings: the
 * newest card among the events of the last seat's latest command(s). */
export function lastCards(log) {
  const mover = log.length ? log[log.length - 1].seat : null;
  for (let i = log.length - 1; i >= 0 && log[i].seat === mover; i -= 1) {
    const event = log[i].event || {};
    if (typeof event.card === "number" && !TABLE_EVENTS.has(event.type)) return new Set([String(event.card)]);
  }
  return new Set();
}

const TABLE_EVENTS = new Set(["TableOpened", "SeatTaken", "Forked", "TakeBackRequested", "TakeBackApproved", "TakeBackRefused", "TakeBackLapsed"]);

/** The take-backs the log shows: the ranges taken back, and the open request with who agreed so far. */
export function takeBacks(log) {
  const ranges = [];
  let request = null;
  for (const entry of log) {
    const event = entry.event || {};
    if (event.type === "TurnTakenBack") { ranges.push([event.first, event.last]); request = null; }
    else if (event.type === "TakeBackRequested") request = { ...event, approved: [] };
    else if (event.type === "TakeBackApproved" && request) request = { ...request, approved: [...request.approved, event.seat] };
    else if (event.type === "TakeBackRefused" || event.type === "TakeBackLapsed") request = null;
  }
  return { ranges, request, reverted: (v) => ranges.some(([first, last]) => v >= first && v <= last) };
}

/** What a request would take back, in the log's own sentences (as this viewer read them). */
function whatIsTakenBack(request, log) {
  const lines = log.filter((entry) => entry.version >= request.first && entry.version <= request.last).map((entry) => entry.description);
  if (!lines.length) return "their latest turn";
  const shown = lines.slice(0, 3).map((line) => line.replace(/\.$/, "")).join("; ");
  return `“${shown}${lines.length > 3 ? `; and ${lines.length - 3} more` : ""}”`;
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

const TAKE_BACK_TEXT = {
  TakeBack: "Take back my last step",
  RequestTakeBack: "Ask to take back my turn",
  ApproveTakeBack: "Allow the take-back",
  RefuseTakeBack: "Refuse",
};

function Consent({ commands, send, busy, summary, request, log, seat }) {
  if (!commands.length && !request) return "";
  const asked = commands.some((c) => c.type === "ApproveTakeBack" || c.type === "RefuseTakeBack");
  let text = "";
  if (request) {
    const asker = request.seat === seat ? "You ask" : `${seatName(summary, request.seat)} asks`;
    const who = (s) => (s === seat ? "you" : seatName(summary, s));
    const agreed = request.approved.map(who);
    const waiting = summary.seats.map((s) => s.seat).filter((s) => s !== request.seat && !request.approved.includes(s)).map(who);
    text = `${asker} to take back ${whatIsTakenBack(request, log)}.${agreed.length ? ` ${capitalised(agreed.join(" and "))} agreed.` : ""}${
      waiting.length ? ` Waiting for ${waiting.join(" and ")}.` : ""}${request.deadline ? ` Open until ${new Date(request.deadline).toLocaleTimeString()}.` : ""}`;
  }
  return html`<section class=${`consent ${asked ? "asked" : ""}`} role=${asked ? "alertdialog" : "region"}
      aria-label=${asked ? "A take-back needs your consent" : "Undo"} aria-live="assertive">
    <h2>${request ? "Take-back requested" : "Undo"}</h2>
    ${text ? html`<p class="request">${text}</p>` : ""}
    ${commands.length ? html`<div class="buttons">${commands.map((command, i) => html`<button key=${i} type="button" disabled=${busy}
      class=${`takeback ${command.type === "RefuseTakeBack" ? "secondary" : ""}`} data-command=${JSON.stringify(command)}
      onClick=${() => send(command)}>${TAKE_BACK_TEXT[command.type] || command.type}</button>`)}</div>` : ""}
  </section>`;
}

function Controls({ R, moves, shown, describe, send, busy, picked, clear, toAct, summary, hasCards }) {
  if (!moves.length) {
    const waiting = toAct.length ? `Waiting for ${toAct.map((s) => seatName(summary, s)).join(" and ")}.` : "";
    return html`<section class="controls" aria-label="Your moves"><h2>Your moves</h2><p class="muted">${
      summary.status === "over" ? "The game is over." : waiting || "Nothing to do yet."}</p></section>`;
  }
  const groups = new Map();
  for (const command of shown) {
    const name = R.group(command) || "Moves";
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(command);
  }
  const count = shown.length === moves.length ? `${moves.length}` : `${shown.length} of ${moves.length}`;
  return html`<section class="controls" aria-label="Your moves">
    <h2>Your moves <span class="muted">(${count})</span></h2>
    ${picked !== null ? html`<p class="muted">Showing the picked card's moves: click where it goes on the table, or a move here.${" "}
        <button type="button" class="linkish inline" onClick=${clear}>Show all</button></p>`
      : hasCards ? html`<p class="muted">Click a card, then where it goes; double-click a card with one move to play it.</p>` : ""}
    ${[...groups.entries()].map(([name, list]) => html`<fieldset key=${name}><legend>${name}</legend>
      ${list.map((command) => html`<button key=${JSON.stringify(command)} type="button" class="move" disabled=${busy}
        data-command=${JSON.stringify(command)} onClick=${() => send(command)}>${describe(command)}</button>`)}
    </fieldset>`)}
  </section>`;
}

mount(Table);
