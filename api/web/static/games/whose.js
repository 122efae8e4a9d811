// Whose hand a board draws: "Your" on your own page, the player's name when the replay shows the game
// as another seat saw it (an onlooker reading that seat's perspective).

/** "Your" for the seat's own reader, "Ann's" for an onlooker. */
export function whose(onlooker, name) {
  return onlooker ? `${name}'s` : "Your";
}
