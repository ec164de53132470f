import { useEffect, useRef, useState } from 'react';

/**
 * Calls `reset` after `seconds` without a touch or key (undefined: never) and returns the
 * seconds left, for a visible countdown. Any touch starts the count again.
 */
export function useIdleReset(seconds: number | undefined, reset: () => void): number | undefined {
  const [left, setLeft] = useState(seconds);
  // The latest `reset` without restarting the timer: only a change of `seconds` restarts it.
  const resetRef = useRef(reset);
  resetRef.current = reset;
  useEffect(() => {
    setLeft(seconds);
    if (seconds === undefined) return undefined;
    let remaining = seconds;
    const tick = setInterval(() => {
      remaining -= 1;
      setLeft(remaining);
      if (remaining <= 0) {
        // Counting goes on: where the reset keeps the screen (a questionnaire at the start), the
        // next person who leaves it half answered is reset too.
        remaining = seconds;
        resetRef.current();
      }
    }, 1000);
    const touched = () => {
      remaining = seconds;
      setLeft(seconds);
    };
    window.addEventListener('pointerdown', touched);
    window.addEventListener('keydown', touched);
    return () => {
      clearInterval(tick);
      window.removeEventListener('pointerdown', touched);
      window.removeEventListener('keydown', touched);
    };
  }, [seconds]);
  return left;
}
