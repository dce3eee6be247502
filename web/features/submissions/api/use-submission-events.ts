import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { submissionKeys } from './submission-keys.ts';

/** Spec §9: a change seen live reloads the list after 500 ms (several changes, one reload). */
const RELOAD_DELAY_MS = 500;

/**
 * Live updates (GET /api/admin/submissions/events, server-sent events): any submission created,
 * reviewed or deleted anywhere reloads the list, the counts and the open submission. The browser
 * reconnects by itself after a dropped connection; a reload then catches up what was missed.
 */
export function useSubmissionEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/submissions/events');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: submissionKeys.all }),
        RELOAD_DELAY_MS,
      );
    };
    let opened = false;
    source.onopen = () => {
      if (opened) reload();
      opened = true;
    };
    source.onmessage = reload;
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient]);
}
