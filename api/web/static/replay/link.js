// Deep links: ?v=N opens the replay at version N (?as= at a perspective), a link to a version taken
// back steps through taken-back moves, a link to no version says so, and the address follows what is shown.

import { useEffect } from "../ui.js";

/** The version the address asks for, or null (the last). */
export function initialVersion() {
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

/** What a timeline just read means for the link: steps that include a linked taken-back version, or a notice. */
export function landing(place, setNotice) {
  return (loaded) => {
    const linked = initialVersion();
    if (linked && loaded.entries.some((e) => e.version === linked && e.reverted)) place.setShowReverted(true);
    const wrong = badLink(loaded.entries);
    if (wrong) { setNotice(wrong); place.setVersion(null); }
  };
}

/** Keep the address a deep link to what is shown. */
export function useAddress(at, perspective) {
  useEffect(() => {
    if (!at) return;
    const params = new URLSearchParams(location.search);
    params.set("v", String(at));
    if (perspective !== "own") params.set("as", perspective); else params.delete("as");
    history.replaceState(null, "", `${location.pathname}?${params}`);
  }, [at, perspective]);
}
