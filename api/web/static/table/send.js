// Sending a command: at the version we saw, once (an idempotency key), its ruling shown at once, a
// refusal told in words, and the table read again either way.

import { Refusal, commandKey, gamePath, post } from "../api.js";

/** The `send(command)` the controls, the hand, the board and the take-back prompt share. */
export function sender({ id, token, game, setBusy, setNotice, onRuled }) {
  const { known, setSeen, addToLog, refresh } = game;
  return async (command) => {
    setBusy(true);
    setNotice(null);
    try {
      const version = known.current.version;
      const ruling = await post(`${gamePath(id)}/commands`, command, {
        token, headers: { "If-Match": `"${version}"`, "Idempotency-Key": commandKey() },
      });
      known.current.version = Math.max(known.current.version, ruling.version);
      setSeen(ruling);
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
