// The game as this page knows it: the summary, the renderer, your view, your legal moves and the log,
// read together in one read at a version no older than the one already seen, and kept up to date by
// live.js.

import { Refusal, gamePath, get, sleep } from "../api.js";
import { rendererFor } from "../games/index.js";
import { crumbs, useCallback, useEffect, useRef, useState } from "../ui.js";
import { useLive } from "./live.js";
import { useLog } from "./log.js";
import { sealed } from "./receipts.js";

/** The version a read must reach: the newest this page saw (its own command's answer included) or heard. */
const wanted = (state) => Math.max(state.version, state.heard || 0);

/**
 * The table as this seat sees it, at one version no older than `state.version` nor the newest the
 * stream told of: the summary, your view, your legal moves, the feed after the log and (a seat) the
 * signed head. One read where there were four: each cost both the browser and the server per move.
 */
function readTable(id, token, state) {
  const min = wanted(state);
  state.asked = min;
  return get(`${gamePath(id)}/table?after=${state.logged}${min ? `&min_version=${min}` : ""}`, { token });
}

/** What a refused read means: no such table, a seat not yet on the read side, a seat moved away, or an error. */
async function refused(error, state, token, { setMissing, lose, setNotice }) {
  const replaced = error instanceof Refusal && error.code === "auth/invalid_token";
  if (error instanceof Refusal && error.status === 404) setMissing(true);
  else if (replaced && token && state.seated) lose(token); // it played here: replaced, not merely early
  else if (error instanceof Refusal && error.status === 403 && token && (state.refused = (state.refused || 0) + 1) < 20) {
    // A seat just taken may not have reached the read side yet: look again shortly.
    await sleep(150);
    state.again = true;
  } else if (error instanceof Refusal && error.code === "auth/invalid_token" && token) lose();
  else setNotice({ kind: "error", text: error.message });
}

/** Read the table again; a call while a read runs asks that read to go round once more, unless the
 * read under way already asked for every version known (a mover's page hears its move on the stream
 * and gets its command's answer: one read answers both). A page never goes back in time: a read that
 * answers an older table than the one drawn (the read side was behind) is not drawn, and the table is read
 * again shortly. */
function useRefresh(id, token, known, on) {
  return useCallback(async () => {
    const state = known.current;
    if (state.running) {
      if (wanted(state) > state.asked) state.again = true;
      return state.running;
    }
    state.running = (async () => {
      do {
        state.again = false;
        try {
          const seen = await readTable(id, token, state);
          if (state !== known.current) return; // the seat changed meanwhile: a newer refresh answers
          if (seen.version < (state.drawn || 0)) { // older than the table drawn (the read side was behind)
            if ((state.behind = (state.behind || 0) + 1) < 20) { await sleep(150); state.again = true; }
            continue;
          }
          state.behind = 0;
          state.drawn = seen.version;
          state.version = Math.max(state.version, seen.version);
          on.setSummary(seen.summary);
          sealed(id, token, seen.summary, seen.view.seat, seen.head);
          on.setSeen(seen.view);
          on.setLegal(seen.legal);
          on.addToLog(seen.feed.events, true); // with what the stream told meanwhile: one drawing for all
          if (seen.feed.next != null) state.again = true; // a long log comes a page at a time
          state.refused = 0;
          state.seated = Boolean(token);
        } catch (error) {
          if (state !== known.current) return;
          on.addToLog([]); // what the stream told is shown even when the read is refused
          await refused(error, state, token, on);
        }
      } while (state.again);
    })().finally(() => { state.running = null; });
    return state.running;
  }, [id, token, on.addToLog]);
}

/** The first look: the summary names the game, whose module draws the table; the title and crumbs follow. */
function useFirstLook(id, { setSummary, setRenderer, setMissing, setNotice }) {
  useEffect(() => {
    get(gamePath(id)).then(async (first) => {
      setSummary(first);
      setRenderer(await rendererFor(first.game));
      document.title = `${first.title} · Backroom`;
      crumbs([{ text: "Lobby", href: "/" }, { text: first.title }]);
    }).catch((error) => (error.status === 404 ? setMissing(true) : setNotice({ kind: "error", text: error.message })));
  }, [id]);
}

/** The game as `seating` may see it (its token, its join floor, how it is lost), with the chat following along. */
export function useGame(id, seating, chat, setNotice) {
  const [summary, setSummary] = useState(null);
  const [renderer, setRenderer] = useState(null);
  const [missing, setMissing] = useState(false);
  const [seen, setSeen] = useState(null); // the /view answer: {version, status, seat, to_act, view}
  const [legal, setLegal] = useState({ version: 0, commands: [] });
  const known = useRef({ version: 0, logged: 0, running: null, again: false });
  const { log, setLog, addToLog, hear } = useLog(known);
  const { token, floor, lose } = seating;
  const refresh = useRefresh(id, token, known, { setSummary, setSeen, setLegal, addToLog, setMissing, lose, setNotice });
  useFirstLook(id, { setSummary, setRenderer, setMissing, setNotice });
  const live = useLive({ id, token, known, floor, refresh, setLog, hear, chat });
  return { summary, renderer, missing, seen, setSeen, legal, setLegal, log, addToLog, known, refresh, live };
}
