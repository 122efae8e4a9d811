// The table talk this page holds: messages in number order, none twice; the stream resumes after the last.

import { useCallback, useRef, useState } from "../ui.js";

export function useChat() {
  const [messages, setMessages] = useState([]);
  const seen = useRef(0); // the last message number shown: the stream resumes the chat after it
  const add = useCallback((found) => {
    const fresh = found.filter((m) => m && m.number > seen.current).sort((a, b) => a.number - b.number);
    if (!fresh.length) return;
    seen.current = fresh[fresh.length - 1].number;
    setMessages((old) => [...old, ...fresh]);
  }, []);
  return { messages, seen, add };
}
