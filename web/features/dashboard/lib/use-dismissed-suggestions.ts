import { useCallback, useState } from 'react';
import { DISMISSED_SUGGESTIONS_KEY, parseDismissed } from '#common/suggestions.ts';

function read(): string[] {
  try {
    return parseDismissed(localStorage.getItem(DISMISSED_SUGGESTIONS_KEY));
  } catch {
    return []; // storage blocked: nothing dismissed
  }
}

/** The suggestions dismissed in this browser (localStorage 'dismissed_suggestions'; spec §3). */
export function useDismissedSuggestions(): [string[], (id: string) => void] {
  const [dismissed, setDismissed] = useState(read);
  const dismiss = useCallback((id: string) => {
    setDismissed((current) => {
      const next = current.includes(id) ? current : [...current, id];
      try {
        localStorage.setItem(DISMISSED_SUGGESTIONS_KEY, JSON.stringify(next));
      } catch {
        // Kept for this visit only.
      }
      return next;
    });
  }, []);
  return [dismissed, dismiss];
}
