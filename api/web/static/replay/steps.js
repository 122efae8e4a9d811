// Where the replay stands: the version asked for, the steps the slider offers (the versions taken
// back only when asked), the one shown, and moves to an index or by a number of steps.

import { useMemo, useRef, useState } from "../ui.js";
import { initialVersion } from "./link.js";

/** The version asked for (null: the last) and whether taken-back versions are stepped through. */
export function usePlace() {
  const [version, setVersion] = useState(initialVersion);
  const [showReverted, setShowReverted] = useState(false);
  return { version, setVersion, showReverted, setShowReverted };
}

/**
 * The steps of `timeline` from `place`: { list, last, index, at, entry, go, move } besides the place
 * itself (`at` is the version shown, `entry` its line of the timeline).
 */
export function useSteps(timeline, place) {
  const { version, setVersion, showReverted } = place;
  const list = useMemo(() => (timeline ? timeline.entries.filter((e) => showReverted || !e.reverted).map((e) => e.version) : []), [timeline, showReverted]);
  const last = list.length ? list[list.length - 1] : 0;
  const current = version === null ? last : version;
  const index = Math.max(0, list.findIndex((v) => v >= current) === -1 ? list.length - 1 : list.findIndex((v) => v >= current));
  const at = list.length ? list[index] : 0;
  const listNow = useRef(list);
  listNow.current = list;
  const go = (next) => {
    if (!list.length) return;
    const clamped = Math.max(0, Math.min(list.length - 1, next));
    setVersion(list[clamped]);
  };
  // Relative moves read the latest version, so keys pressed faster than a render still count.
  const move = (delta) => setVersion((shownNow) => {
    const steps = listNow.current;
    if (!steps.length) return shownNow;
    const from = shownNow === null ? steps.length - 1 : Math.max(0, steps.findIndex((v) => v >= shownNow));
    const here = steps[from] === undefined ? steps.length - 1 : from;
    return steps[Math.max(0, Math.min(steps.length - 1, here + delta))];
  });
  const entry = timeline ? timeline.entries.find((e) => e.version === at) : undefined;
  return { ...place, list, last, index, at, entry, go, move };
}
