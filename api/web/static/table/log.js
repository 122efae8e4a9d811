// The event log this page holds, in version order with no entry twice.

import { useCallback, useState } from "../ui.js";

/**
 * The log and how it grows. Entries from the feed extend it as they are; from the stream or a ruling
 * only when they follow on from it (a gap is filled by the next refresh, which reads the feed after the log).
 */
export function useLog(known) {
  const [log, setLog] = useState([]);
  const addToLog = useCallback((entries, fromFeed = false) => {
    const fresh = entries.filter((entry) => entry.version > known.current.logged);
    if (!fresh.length || (!fromFeed && fresh[0].version !== known.current.logged + 1)) return;
    known.current.logged = fresh[fresh.length - 1].version;
    setLog((old) => [...old, ...fresh]);
  }, []);
  return { log, setLog, addToLog };
}
