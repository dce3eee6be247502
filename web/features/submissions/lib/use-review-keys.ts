import { useEffect, useRef } from 'react';
import type { StaffSubmissionDetail } from '#common/api/submissions.ts';
import type { ReviewStatus } from '../api/review-submission.ts';

/** Keys typed into a field are text, not shortcuts. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export interface DetailsNavigation {
  /** '3 of 40' */
  position: string | null;
  onNext: (() => void) | null;
  onPrevious: (() => void) | null;
}

/**
 * The review's keys while a submission is open (`id`): J or → next, K or ← previous, A approve,
 * R reject (pending only, not while busy); not while typing in the notes, not in a player (its
 * arrows seek), and not while a confirmation is asked.
 */
export function useReviewKeys(
  id: string | null,
  current: {
    submission: StaffSubmissionDetail | undefined;
    notes: string;
    rights: string;
    navigation: DetailsNavigation;
    busy: boolean;
    onReview: (
      submission: StaffSubmissionDetail,
      status: ReviewStatus,
      notes: string,
      rights: string,
    ) => void;
  },
) {
  // The latest values for the document-wide key handler below, without re-adding it per render.
  const latest = useRef(current);
  latest.current = current;
  useEffect(() => {
    if (id === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      // A confirmation on top (delete) takes its own keys.
      if (document.querySelector('[role="alertdialog"]')) return;
      const { submission, notes, rights, navigation, busy, onReview } = latest.current;
      const inPlayer = event.target instanceof HTMLMediaElement;
      const key = event.key;
      if (key === 'j' || key === 'J' || (key === 'ArrowRight' && !inPlayer)) {
        if (navigation.onNext) {
          event.preventDefault();
          navigation.onNext();
        }
      } else if (key === 'k' || key === 'K' || (key === 'ArrowLeft' && !inPlayer)) {
        if (navigation.onPrevious) {
          event.preventDefault();
          navigation.onPrevious();
        }
      } else if ((key === 'a' || key === 'A') && submission?.status === 'pending' && !busy) {
        event.preventDefault();
        onReview(submission, 'approved', notes, rights);
      } else if ((key === 'r' || key === 'R') && submission?.status === 'pending' && !busy) {
        event.preventDefault();
        onReview(submission, 'rejected', notes, rights);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [id]);
}
