// Playing the replay: one step per tick at the speed chosen, stopping at the end; every other way to
// move (a button, the slider, a jump, a key) stops it first. The keyboard: arrows step, space plays or
// pauses, Home and End jump to the ends.

import { useEffect, useState } from "../ui.js";

export const SPEEDS = [["0.5", 2000], ["1", 1000], ["2", 500], ["4", 250]];
const STEP_KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };

/** Play, pause and every move a person makes: { playing, speed, setSpeed, toggle, first, back, forward, last, to, jump }. */
export function usePlayer(steps) {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1000);
  const { list, index, go, move, setVersion } = steps;
  useEffect(() => {
    if (!playing) return undefined;
    if (index >= list.length - 1) { setPlaying(false); return undefined; }
    const timer = setTimeout(() => go(index + 1), speed);
    return () => clearTimeout(timer);
  }, [playing, index, speed, list]);
  const stopped = (then) => (...args) => { setPlaying(false); then(...args); };
  const toggle = () => {
    if (!playing && index >= list.length - 1) go(0);
    setPlaying(!playing);
  };
  return {
    playing, speed, setSpeed, toggle,
    first: stopped(() => go(0)), back: stopped(() => move(-1)), forward: stopped(() => move(1)),
    last: stopped(() => go(list.length - 1)), to: stopped(go), jump: stopped(setVersion),
  };
}

/** The keys: ← and → step, Home and End jump to the ends, space plays or pauses (not in a form field). */
export function useKeys(player) {
  useEffect(() => {
    const onKey = (event) => {
      const target = event.target;
      const tag = target && target.tagName;
      if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && target.type !== "range")) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const onSlider = tag === "INPUT";
      if (Object.hasOwn(STEP_KEYS, event.key)) {
        event.preventDefault();
        player[STEP_KEYS[event.key]]();
      } else if (event.key === " " && (onSlider || tag !== "BUTTON")) {
        event.preventDefault();
        player.toggle();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });
}
