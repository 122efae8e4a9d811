// Whose eyes the replay shows the game through: your own seat (or a spectator's), and once the game is
// over any seat's, a spectator's or everything (omniscient).

import { seatName, useState } from "../ui.js";

/** The perspective chosen (from ?as=, else "own"), the choices open now and the seat it sits at. */
export function usePerspective(game) {
  const [perspective, setPerspective] = useState(() => new URLSearchParams(location.search).get("as") || "own");
  const { summary, mine, over } = game;
  const choices = summary ? perspectiveChoices(summary, mine, over) : [];
  return { perspective, setPerspective, choices, seat: seatSeen(perspective, mine), onlooker: perspective !== "own" };
}

function seatSeen(perspective, mine) {
  if (perspective === "own") return mine ? mine.seat : null;
  return /^\d+$/.test(perspective) ? Number(perspective) : null;
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
export function asking(perspective) {
  if (perspective === "own") return "";
  if (/^\d+$/.test(perspective)) return `?seat=${perspective}`;
  return `?perspective=${encodeURIComponent(perspective)}`;
}
