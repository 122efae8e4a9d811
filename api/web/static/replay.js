// The replay viewer (/games/{id}/replay): a slider over every version, step, play and pause, jumps to
// a turn or round, the event list in step with the board, a perspective switch where the rules allow
// one, taken-back ranges shown but skipped by default, deep links (?v=N) and keyboard shortcuts.

import { Refusal, follow, gameIdFromPath, gamePath, get, keepSeat, mySeat, post, sleep } from "./api.js";
import { rendererFor } from "./games/index.js";
import { RawView } from "./developer.js";
import { ChatLog, loadChat } from "./chat.js";
import { EventLog, Notice, crumbs, html, mount, outcomeText, seatName, useEffect, useMemo, useRef, useState } from "./ui.js";

const SPEEDS = [["0.5", 2000], ["1", 1000], ["2", 500], ["4", 250]];

/**
 * The /timeline answer as {entries: [{version, description, reverted, boundary}], marks, ranges}:
 * marks are the rounds and turns to jump to; ranges the versions taken back.
 */
export function normaliseTimeline(raw, summary) {
  const ranges = (raw.reverted || []).map((range) => ({ first: range.first, last: range.last }));
  const undone = (version) => ranges.some((range) => version >= range.first && version <= range.last);
  const marks = [];
  const entries = (raw.entries || []).map((entry) => {
    const reverted = Boolean(entry.reverted) || undone(entry.version);
    if (entry.round_start) marks.push({ kind: "round", label: `Round ${entry.round}`, version: entry.version, reverted });
    if (entry.turn_start) {
      const who = entry.seat === null || entry.seat === undefined ? "" : ` (${seatName(summary, entry.seat)})`;
      marks.push({ kind: "turn", label: `Turn ${entry.turn}${who}`, version: entry.version, reverted });
    }
    return { version: entry.version, at: entry.at, seat: entry.seat, event: entry.event, description: entry.description,
      reverted, boundary: Boolean(entry.round_start), by: entry.by };
  });
  return { entries, marks, ranges };
}

function initialVersion() {
  const asked = new URLSearchParams(location.search).get("v");
  const v = /^\d+$/.test(asked || "") ? Number(asked) : NaN;
  return Number.isInteger(v) && v > 0 ? v : null;
}

/** The notice for a deep link (?v=...) naming no version of this game, or null. */
function badLink(entries) {
  const asked = new URLSearchParams(location.search).get("v");
  if (asked === null) return null;
  const v = initialVersion();
  if (v !== null && entries.some((e) => e.version === v)) return null;
  const last = entries.length ? entries[entries.length - 1].version : 0;
  return { kind: "error", text: `This game has no version “${asked}” (its versions run from 1 to ${last}); showing the last one.` };
}

function Replay() {
  const id = gameIdFromPath();
  const mine = mySeat(id);
  const token = mine ? mine.token : null;
  const [summary, setSummary] = useState(null);
  const [renderer, setRenderer] = useState(null);
  const [timeline, setTimeline] = useState(null);
  const [version, setVersion] = useState(initialVersion);
  const [perspective, setPerspective] = useState(() => new URLSearchParams(location.search).get("as") || "own");
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1000);
  const [showReverted, setShowReverted] = useState(false);
  const [shown, setShown] = useState(null);
  const [notice, setNotice] = useState(null);
  const cache = useRef(new Map());
  const [chat, setChat] = useState([]);

  useEffect(() => {
    (async () => {
      try {
        const first = await get(gamePath(id));
        setSummary(first);
        setRenderer(await rendererFor(first.game));
        document.title = `Replay: ${first.title} · Backroom`;
        crumbs([{ text: "Lobby", href: "/" }, { text: first.title, href: `/games/${encodeURIComponent(id)}` }, { text: "Replay" }]);
      } catch (error) {
        setNotice({ kind: "error", text: error.status === 404 ? "No such game." : error.message });
      }
    })();
  }, [id, token]);

  // A game still in play grows: follow its stream and fetch the timeline again as it moves on.
  const [moves, setMoves] = useState(0);
  const live = summary && summary.status !== "over";
  useEffect(() => {
    if (!live) return undefined;
    const stop = new AbortController();
    let pending = false;
    const onEvent = async () => {
      if (pending) return;
      pending = true;
      await sleep(100, stop.signal); // one fetch for a burst of events
      pending = false;
      if (stop.signal.aborted) return;
      setMoves((n) => n + 1);
      get(gamePath(id), { signal: stop.signal }).then(setSummary).catch(() => {});
    };
    follow(id, token, summary.version, onEvent, stop.signal);
    return () => stop.abort();
  }, [id, token, live]);

  // Descriptions depend on who looks: the timeline is fetched again for each perspective.
  useEffect(() => {
    if (!summary) return;
    loadTimeline(id, token, perspective, summary).then((loaded) => {
      // A deep link into a taken-back range shows that version, so the steps must include it.
      const linked = initialVersion();
      if (linked && loaded.entries.some((e) => e.version === linked && e.reverted)) setShowReverted(true);
      const wrong = badLink(loaded.entries);
      if (wrong) { setNotice(wrong); setVersion(null); }
      setTimeline(loaded);
    }).catch((error) => {
      setNotice({ kind: "error", text: error.message });
      if (perspective !== "own") setPerspective("own");
    });
  }, [id, token, perspective, summary && summary.status, moves]);

  // What was said at the table, shown up to the time of the version on the board.
  useEffect(() => { loadChat(id).then(setChat).catch(() => {}); }, [id, moves]);

  const steps = useMemo(() => (timeline ? timeline.entries.filter((e) => showReverted || !e.reverted).map((e) => e.version) : []), [timeline, showReverted]);
  const last = steps.length ? steps[steps.length - 1] : 0;
  const current = version === null ? last : version;
  const index = Math.max(0, steps.findIndex((v) => v >= current) === -1 ? steps.length - 1 : steps.findIndex((v) => v >= current));
  const at = steps.length ? steps[index] : 0;
  const over = summary && summary.status === "over";

  const stepsNow = useRef(steps);
  stepsNow.current = steps;
  const go = (next) => {
    if (!steps.length) return;
    const clamped = Math.max(0, Math.min(steps.length - 1, next));
    setVersion(steps[clamped]);
  };
  // Relative moves read the latest version, so keys pressed faster than a render still count.
  const move = (delta) => setVersion((shownNow) => {
    const list = stepsNow.current;
    if (!list.length) return shownNow;
    const from = shownNow === null ? list.length - 1 : Math.max(0, list.findIndex((v) => v >= shownNow));
    const here = list[from] === undefined ? list.length - 1 : from;
    return list[Math.max(0, Math.min(list.length - 1, here + delta))];
  });

  // Keep the address a deep link to what is shown.
  useEffect(() => {
    if (!at) return;
    const params = new URLSearchParams(location.search);
    params.set("v", String(at));
    if (perspective !== "own") params.set("as", perspective); else params.delete("as");
    history.replaceState(null, "", `${location.pathname}?${params}`);
  }, [at, perspective]);

  // The board at the shown version, from the perspective chosen.
  useEffect(() => {
    if (!at || !summary) return;
    const key = `${perspective}:${at}`;
    let stale = false;
    const show = (value) => { if (!stale) setShown(value); };
    if (cache.current.has(key)) { show(cache.current.get(key)); return undefined; }
    viewAt(id, at, perspective, token).then((value) => {
      cache.current.set(key, value);
      show(value);
    }).catch((error) => {
      if (!stale) setNotice({ kind: "error", text: error.message });
    });
    const ahead = steps[index + 1];
    if (ahead && !cache.current.has(`${perspective}:${ahead}`)) {
      viewAt(id, ahead, perspective, token).then((value) => cache.current.set(`${perspective}:${ahead}`, value)).catch(() => {});
    }
    return () => { stale = true; };
  }, [at, perspective, summary]);

  // Play: one step per tick, stopping at the end.
  useEffect(() => {
    if (!playing) return undefined;
    if (index >= steps.length - 1) { setPlaying(false); return undefined; }
    const timer = setTimeout(() => go(index + 1), speed);
    return () => clearTimeout(timer);
  }, [playing, index, speed, steps]);

  // Keyboard: arrows step, space plays or pauses, Home and End jump to the ends.
  useEffect(() => {
    const onKey = (event) => {
      const target = event.target;
      const tag = target && target.tagName;
      if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && target.type !== "range")) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const onSlider = tag === "INPUT";
      if (event.key === "ArrowLeft" || event.key === "ArrowRight" || event.key === "Home" || event.key === "End") {
        event.preventDefault();
        setPlaying(false);
        if (event.key === "ArrowLeft") move(-1);
        else if (event.key === "ArrowRight") move(1);
        else go(event.key === "Home" ? 0 : steps.length - 1);
      } else if (event.key === " " && (onSlider || tag !== "BUTTON")) {
        event.preventDefault();
        togglePlay();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  const togglePlay = () => {
    if (!playing && index >= steps.length - 1) go(0);
    setPlaying(!playing);
  };

  if (!summary || !renderer || !timeline) return html`<${Notice} notice=${notice} /><p class="muted">Loading the replay…</p>`;
  const R = renderer;
  const entry = timeline.entries.find((e) => e.version === at);
  const perspectives = perspectiveChoices(summary, mine, over);
  const seat = perspective === "own" ? (mine ? mine.seat : null) : /^\d+$/.test(perspective) ? Number(perspective) : null;
  const view = shown ? shown.view : null;
  return html`
    <h1>Replay: ${summary.title} <span class=${`status ${summary.status}`}>${summary.status}</span>${summary.sandbox ? html` <span class="status sandbox-mark" title="Seeded or forked: its cards may be known. Not a real game.">sandbox</span>` : ""}</h1>
    ${over ? html`<p class="outcome">${outcomeText(summary)}</p>` : ""}
    <${Notice} notice=${notice} />
    <section class="replay-controls" aria-label="Replay controls">
      <div class="row">
        <button type="button" onClick=${() => { setPlaying(false); go(0); }} aria-label="First version" title="First (Home)">|◀</button>
        <button type="button" onClick=${() => { setPlaying(false); move(-1); }} aria-label="Step back" title="Back (←)">◀</button>
        <button type="button" class="play" onClick=${togglePlay} aria-pressed=${playing ? "true" : "false"} title="Play or pause (space)">${playing ? "Pause" : "Play"}</button>
        <button type="button" onClick=${() => { setPlaying(false); move(1); }} aria-label="Step forward" title="Forward (→)">▶</button>
        <button type="button" onClick=${() => { setPlaying(false); go(steps.length - 1); }} aria-label="Last version" title="Last (End)">▶|</button>
        <label for="speed">Speed</label>
        <select id="speed" value=${speed} onChange=${(e) => setSpeed(Number(e.target.value))}>
          ${SPEEDS.map(([name, ms]) => html`<option value=${ms}>${name}×</option>`)}
        </select>
        <span class="position" aria-live="polite">Version <strong class="shown-version">${at}</strong> of ${last}</span>
      </div>
      <div class="row">
        <label for="scrub" class="visually-hidden">Version</label>
        <input id="scrub" type="range" min="0" max=${Math.max(0, steps.length - 1)} step="1" value=${index}
          aria-valuetext=${entry ? `version ${at}: ${entry.description}` : `version ${at}`}
          onInput=${(e) => { setPlaying(false); go(Number(e.target.value)); }} />
      </div>
      <${Ticks} ranges=${timeline.ranges} steps=${steps} />
    </section>
    <section class="replay-options" aria-label="Replay options">
      <div class="row">
        ${timeline.marks.length ? html`<label for="jump">Jump to</label>
          <select id="jump" value="" onChange=${(e) => { if (e.target.value) { setPlaying(false); setVersion(Number(e.target.value)); } }}>
            <option value="">turn or round…</option>
            ${["round", "turn"].map((kind) => {
              const marks = timeline.marks.filter((mark) => mark.kind === kind && (showReverted || !mark.reverted));
              return marks.length ? html`<optgroup label=${kind === "round" ? "Rounds" : "Turns"}>${marks.map((mark) =>
                html`<option value=${mark.version}>${mark.label} · v${mark.version}</option>`)}</optgroup>` : "";
            })}
          </select>` : ""}
        <label for="perspective">Seen by</label>
        <select id="perspective" value=${perspective} onChange=${(e) => setPerspective(e.target.value)} disabled=${perspectives.length < 2}>
          ${perspectives.map((choice) => html`<option value=${choice.value}>${choice.label}</option>`)}
        </select>
        ${timeline.ranges.length ? html`<label class="check"><input type="checkbox" checked=${showReverted}
          onChange=${(e) => setShowReverted(e.target.checked)} /> Step through taken-back moves</label>` : ""}
        ${over ? html`<button type="button" class="secondary" onClick=${() => fork(id, at, setNotice)}
          title="Open a new table from this position, holding every seat">Play on from here</button>` : ""}
        <span class="kbd"><kbd>←</kbd><kbd>→</kbd> step · <kbd>Space</kbd> play · <kbd>Home</kbd><kbd>End</kbd></span>
      </div>
    </section>
    <div class="table-grid">
      <section class="board" aria-label=${`The table at version ${at}`} data-version=${shown ? shown.version : ""}>
        <h2 class="visually-hidden">The table at version ${at}</h2>
        ${entry ? html`<p class="now-showing"><strong>v${at}</strong> ${entry.description}${entry.reverted ? " (taken back)" : ""}</p>` : ""}
        ${view ? html`<${R.Board} view=${view} seat=${seat} summary=${summary} picked=${null} onPick=${null} toAct=${shown.to_act || []}
            onlooker=${perspective !== "own"}
            log=${timeline.entries.filter((e) => e.version <= at && !e.reverted)} />`
          : html`<p class="muted">${shown === null ? "Loading…" : "Nothing on the table yet at this version."}</p>`}
        <${RawView} R=${R} view=${view} />
      </section>
      <aside class="table-side">
        <${EventLog} entries=${timeline.entries} current=${at} reverted=${(v) => timeline.entries.some((e) => e.version === v && e.reverted)}
          onPick=${(v) => { setPlaying(false); setVersion(v); }} label="Every version" />
        <section class="chat" aria-labelledby="chat-title"><h2 id="chat-title">Table talk <span class="muted">(until this version)</span></h2>
          <${ChatLog} messages=${chat} upto=${entry && index < steps.length - 1 ? entry.at : null} /></section>
      </aside>
    </div>`;
}

/** Fork the finished game at ``version`` into a sandbox table this browser holds every seat of. */
async function fork(id, version, setNotice) {
  try {
    const forked = await post(`${gamePath(id)}/fork`, { version });
    const others = forked.tokens.map((entry) => ({ seat: entry.seat, token: entry.token, name: entry.name }));
    keepSeat(forked.id, { ...others[0], others });
    location.assign(`/games/${encodeURIComponent(forked.id)}`);
  } catch (error) {
    setNotice({ kind: "error", text: error.message });
  }
}

/** Where taken-back ranges lie along the slider: a span when stepped through, a notch when skipped. */
function Ticks({ ranges, steps }) {
  if (!ranges.length || steps.length < 2) return "";
  const last = steps.length - 1;
  const place = (version) => {
    const found = steps.findIndex((v) => v >= version);
    return (found === -1 ? last : found) / last * 100;
  };
  return html`<div class="ticks" aria-hidden="true">${ranges.map((range, i) => {
    const from = place(range.first);
    const to = place(range.last + 1);
    return html`<span key=${i} title=${`versions ${range.first}–${range.last} taken back`}
      style=${{ left: `${from}%`, width: `max(4px, ${Math.max(0, to - from)}%)` }}></span>`;
  })}</div>`;
}

function perspectiveChoices(summary, mine, over) {
  const own = mine ? `${seatName(summary, mine.seat)} (you)` : "Spectator";
  if (!over) return [{ value: "own", label: own }];
  return [
    { value: "own", label: own },
    ...(mine ? [{ value: "spectator", label: "Spectator" }] : []),
    ...summary.seats.filter((s) => !mine || s.seat !== mine.seat).map((s) => ({ value: String(s.seat), label: seatName(summary, s.seat) })),
    { value: "omniscient", label: "Everything (omniscient)" },
  ];
}

/** The query naming a perspective: "own" (the caller's), "spectator", "omniscient" or a seat number. */
function asking(perspective) {
  if (perspective === "own") return "";
  if (/^\d+$/.test(perspective)) return `?seat=${perspective}`;
  return `?perspective=${encodeURIComponent(perspective)}`;
}

async function loadTimeline(id, token, perspective, summary) {
  try {
    return normaliseTimeline(await wholeTimeline(id, token, perspective), summary);
  } catch (error) {
    if (!(error instanceof Refusal) || error.code !== "http/not_found" || perspective !== "own") throw error;
    // A server without /timeline: every version of the caller's feed, with no marks.
    const feed = await get(`${gamePath(id)}/events?after=0`, { token });
    return normaliseTimeline({ entries: feed.events }, summary);
  }
}

/** Every page of the timeline (each names the next; each carries every reverted range). */
async function wholeTimeline(id, token, perspective) {
  const path = `${gamePath(id)}/timeline${asking(perspective)}`;
  let page = await get(path, { token });
  const entries = [...page.entries];
  while (page.next != null) {
    page = await get(`${path}${path.includes("?") ? "&" : "?"}after=${page.next}`, { token });
    entries.push(...page.entries);
  }
  return { ...page, entries };
}

function viewAt(id, version, perspective, token) {
  return get(`${gamePath(id)}/at/${version}${asking(perspective)}`, { token });
}

mount(Replay);
