import { useEffect, useState } from 'react';

/** `value` once it has not changed for `delayMs` (the spec's search debounce is 300 ms). */
export function useDebouncedValue<T>(value: T, delayMs = 300): [T, (now: T) => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  // Enter fires at once: the caller settles the value without waiting.
  return [settled, setSettled];
}
