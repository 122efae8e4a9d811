// The game table (/games/{id}): your view drawn by the game's renderer, your legal moves as
// controls, the event log, live updates, and the take-back (undo) and consent prompts.

import { Refusal, commandKey, follow, forgetSeat, gameIdFromPath, gamePath, get, keepSeat, mySeat, post, sleep } from "./api.js";
import { rendererFor } from "./games/index.js";
import * as generic from "./games/generic.js";
import { SeatLink, claimFromLink } from "./seatlink.js";
import { ChatPanel, loadChat } from "./chat.js";
import { Consent, takeBacks } from "./consent.js";
import { Controls, Dock, lastCards, playing } from "./moves.js";
import { Clock, botMark } from "./clocks.js";
import { flyFrom, handCards } from "./fly.js";
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
          if (feed.next != null) state.again = true; // a long log comes a page at a time
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

  // A card that left the hand flies to where it landed (nothing moves under reduced motion).
  const inHand = useRef(new Map());
  useEffect(() => {
    flyFrom(inHand.current, board.current);
    inHand.current = handCards();
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
  const describe = (command) => R.label(command, view, seat, summary) || generic.label(command);
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
  const hand = R.Hand && seated ? html`<${R.Hand} view=${view} seat=${seat} summary=${summary} picked=${picked} playable=${play.playable}
    onPick=${moves.length ? onPick : null} onPlay=${moves.length ? onPlay : null} />` : "";
  return html`
    <${Heading} summary=${summary} seat=${seat} mine=${mine} live=${live} version=${known.current.version} setMine=${setMine} />
    ${seated ? "" : html`<${Notice} notice=${notice} />`}
    ${summary.status === "waiting" && !mine ? html`<${JoinForm} summary=${summary} onJoin=${join} busy=${busy} />` : ""}
    ${summary.status === "over" ? html`<p class="outcome" role="status">${outcomeText(summary)} <a href=${`/games/${encodeURIComponent(id)}/replay`}>Replay the game</a></p>` : ""}
    <div class="table-grid">
      <section class="board" aria-label="The table" ref=${board}>
        <${R.Board} view=${view} seat=${seat} summary=${summary} picked=${picked} onPick=${moves.length ? onPick : null} toAct=${toAct}
          handElsewhere=${Boolean(hand)} targets=${play.targets} onTarget=${onTarget} log=${log}
          moves=${moves} send=${send} busy=${busy} />
        ${R.own ? html`<details class="raw"><summary>Show the view as data</summary><${generic.Board} view=${view} /></details>` : ""}
      </section>
      <aside class="table-side">
        ${seated ? html`<${Dock} notice=${notice} hand=${hand}
          consent=${html`<${Consent} commands=${undo} send=${send} busy=${busy} summary=${summary} request=${undone.request} log=${log} seat=${seat} />`}
          controls=${html`<${Controls} R=${R} version=${legal.version || 0} moves=${moves} shown=${play.shown} describe=${describe} send=${send} busy=${busy}
            picked=${picked} clear=${() => { setPicked(null); setNarrowed(null); }} toAct=${toAct} summary=${summary}
            hasCards=${play.playable.size > 0} />`} />` : ""}
        <${EventLog} entries=${log} reverted=${undone.reverted} />
        <${ChatPanel} gameId=${id} token=${seated ? token : null} messages=${chat} onSent=${(m) => addChat([m])} />
      </aside>
    </div>`;
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
    <h1>${summary.title} <span class=${`status ${summary.status}`}>${summary.status}</span>${summary.sandbox ? html` <span class="status sandbox-mark" title="Seeded or forked: its cards may be known. Not a real game.">sandbox</span>` : ""}</h1>
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

mount(Table);
