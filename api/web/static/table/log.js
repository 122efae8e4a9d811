// The event log this page holds, in version order with no entry twice.

import { useCallback, useState } from "../ui.js";

/** The entries of `entries` that follow on from the log, moving its cursor past them: all of a feed's,
 * a stream's or a ruling's only when they follow on (a gap is filled by the next read of the feed). */
function following(known, entries, fromFeed) {
  const fresh = entries.filter((entry) => entry.version > known.current.logged);
  if (!fresh.length || (!fromFeed && fresh[0].version !== known.current.logged + 1)) return [];
  known.current.logged = fresh[fresh.length - 1].version;
  return fresh;
}

/**
 * The log and how it grows: `addToLog` shows entries at once, with those the stream told since the
 * last read; `hear` keeps what the stream tells until then, as the table is read again after every
 * entry told: the page then draws a move once, not once for its entries and again for the read.
 */
export function useLog(known) {
  const [log, setLog] = useState([]);
  const addToLog = useCallback((entries, fromFeed = false) => {
    const told = known.current.told || [];
    const shown = [...told, ...following(known, entries, fromFeed)];
    known.current.told = [];
    if (shown.length) setLog((old) => [...old, ...shown]);
  }, []);
  const hear = useCallback((entries) => {
    known.current.told = [...(known.current.told || []), ...following(known, entries, false)];
  }, []);
  return { log, setLog, addToLog, hear };
}
