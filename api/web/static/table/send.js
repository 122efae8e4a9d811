// Sending a command: at the version we saw, once (an idempotency key), its ruling shown at once (its
// view and its next moves), a refusal told in words, and the table read again either way.

import { Refusal, commandKey, gamePath, post } from "../api.js";

/** The `send(command)` the controls, the hand, the board and the take-back prompt share. */
export function sender({ id, token, game, setBusy, setNotice, onRuled }) {
  const { known, setSeen, setLegal, addToLog, refresh } = game;
  return async (command) => {
    setBusy(true);
    setNotice(null);
    try {
      const version = known.current.version;
      const ruling = await post(`${gamePath(id)}/commands`, command, {
        token, headers: { "If-Match": `"${version}"`, "Idempotency-Key": commandKey() },
      });
      known.current.version = Math.max(known.current.version, ruling.version);
      if (ruling.version >= (known.current.drawn || 0)) {
        // The answer is the table after the command, drawn whole: its view with its own next moves (the
        // moves from before it would offer what the command used up), and never over a newer table a
        // read drew while the command was on its way.
        known.current.drawn = ruling.version;
        setSeen(ruling);
        setLegal({ version: ruling.version, seat: ruling.seat, commands: ruling.legal, limited: ruling.limited, auto_pass: ruling.auto_pass });
      }
      addToLog(ruling.events);
      onRuled();
    } catch (error) {
      const clash = error instanceof Refusal && (error.status === 409 || error.status === 412);
      setNotice({ kind: clash ? "info" : "error", text: clash ? "The table moved on before your command arrived; here it is now." : error.message });
    } finally {
      setBusy(false);
      refresh();
    }
  };
}
