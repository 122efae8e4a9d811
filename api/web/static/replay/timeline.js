// The timeline: every version described for the perspective chosen, with the rounds and turns to jump
// to and the ranges taken back; read a page at a time, and read again as the game moves on.

import { Refusal, gamePath, get } from "../api.js";
import * as generic from "../games/generic.js";
import { seatName, useEffect, useState } from "../ui.js";
import { asking } from "./perspective.js";

/**
 * The /timeline answer as {entries: [{version, description, reverted, boundary}], marks, ranges}:
 * marks are the rounds and turns to jump to; ranges the versions taken back.
 */
export function normaliseTimeline(raw, summary, named = generic.rounds) {
  const ranges = (raw.reverted || []).map((range) => ({ first: range.first, last: range.last }));
  const undone = (version) => ranges.some((range) => version >= range.first && version <= range.last);
  const marks = [];
  const entries = (raw.entries || []).map((entry) => {
    const reverted = Boolean(entry.reverted) || undone(entry.version);
    if (entry.round_start) marks.push({ kind: "round", label: named.name(entry.round, entry.event), version: entry.version, reverted });
    if (entry.turn_start) {
      const who = entry.seat === null || entry.seat === undefined ? "" : ` (${seatName(summary, entry.seat)})`;
      marks.push({ kind: "turn", label: `Turn ${entry.turn}${who}`, version: entry.version, reverted });
    }
    return { version: entry.version, at: entry.at, seat: entry.seat, event: entry.event, description: entry.description,
      reverted, boundary: Boolean(entry.round_start), by: entry.by };
  });
  return { entries, marks, ranges };
}

/**
 * The timeline as `looking` is told it (descriptions depend on who looks), read again for each
 * perspective and each move; `landed` is told each one read (the deep link checks it).
 */
export function useTimeline(game, looking, landed, setNotice) {
  const [timeline, setTimeline] = useState(null);
  const { id, token, summary, moves, renderer } = game;
  const { perspective, setPerspective } = looking;
  useEffect(() => {
    if (!summary || !renderer) return;
    loadTimeline(id, token, perspective, summary, renderer.rounds).then((loaded) => {
      landed(loaded);
      setTimeline(loaded);
    }).catch((error) => {
      setNotice({ kind: "error", text: error.message });
      if (perspective !== "own") setPerspective("own");
    });
  }, [id, token, perspective, summary && summary.status, moves, renderer]);
  return timeline;
}

async function loadTimeline(id, token, perspective, summary, named) {
  try {
    return normaliseTimeline(await wholeTimeline(id, token, perspective), summary, named);
  } catch (error) {
    if (!(error instanceof Refusal) || error.code !== "http/not_found" || perspective !== "own") throw error;
    // A server without /timeline: every version of the caller's feed, with no marks.
    const feed = await get(`${gamePath(id)}/events?after=0`, { token });
    return normaliseTimeline({ entries: feed.events }, summary, named);
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
