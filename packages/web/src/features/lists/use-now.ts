import { MINUTE } from '@darkroom/core';
import { useEffect, useState } from 'react';

/**
 * The current moment, for "3 minutes ago" and "Expired": read once when the screen opens and
 * again every minute, so relative times and expiries stay true on a page left open.
 */
export function useNow(refreshMs: number = MINUTE): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), refreshMs);
    return () => window.clearInterval(timer);
  }, [refreshMs]);
  return now;
}
