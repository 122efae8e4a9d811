// The board at the version shown, as the perspective chosen sees it: each version read once (and the
// next one read ahead), the move that made it in a line above, and the view as data for developers.

import { gamePath, get } from "../api.js";
import { RawView } from "../developer.js";
import { html, useEffect, useRef, useState } from "../ui.js";
import { asking } from "./perspective.js";

function viewAt(id, version, perspective, token) {
  return get(`${gamePath(id)}/at/${version}${asking(perspective)}`, { token });
}

/** Read the next step ahead, so that stepping on shows it at once. */
function readAhead(cache, id, version, perspective, token) {
  if (!version || cache.has(`${perspective}:${version}`)) return;
  viewAt(id, version, perspective, token).then((value) => cache.set(`${perspective}:${version}`, value)).catch(() => {});
}

/** The game at the version shown (`/at/{version}`), or null while it is read. */
export function useShown(game, looking, steps, setNotice) {
  const [shown, setShown] = useState(null);
  const cache = useRef(new Map());
  const { id, token, summary } = game;
  const { perspective } = looking;
  const { at, list, index } = steps;
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
    readAhead(cache.current, id, list[index + 1], perspective, token);
    return () => { stale = true; };
  }, [at, perspective, summary]);
  return shown;
}

/** The table at the version shown, drawn by the game's renderer with the log up to that version. */
export function ReplayBoard({ game, timeline, steps, looking, shown }) {
  const { renderer: R, summary } = game;
  const { at, entry } = steps;
  const view = shown ? shown.view : null;
  return html`<section class="board" aria-label=${`The table at version ${at}`} data-version=${shown ? shown.version : ""}>
    <h2 class="visually-hidden">The table at version ${at}</h2>
    ${entry ? html`<p class="now-showing"><strong>v${at}</strong> ${entry.description}${entry.reverted ? " (taken back)" : ""}</p>` : ""}
    ${view ? html`<${R.Board} view=${view} seat=${looking.seat} summary=${summary} picked=${null} onPick=${null} toAct=${shown.to_act || []}
        onlooker=${looking.onlooker}
        log=${timeline.entries.filter((e) => e.version <= at && !e.reverted)} />`
      : html`<p class="muted">${shown === null ? "Loading…" : "Nothing on the table yet at this version."}</p>`}
    <${RawView} R=${R} view=${view} />
  </section>`;
}
