/** The contributor dashboard's formulas (public-site.md §9). */
export const GOALS = [5, 10] as const;

/**
 * Accepted knowledge about items and accepted names for people on photos (issue 29) count as an
 * approved submission does: 10 points each.
 */
export function contributionScore(
  approved: number,
  totalViews: number,
  acceptedKnowledge = 0,
  acceptedNames = 0,
): number {
  return 10 * approved + totalViews + 10 * acceptedKnowledge + 10 * acceptedNames;
}

export function successRate(approved: number, total: number): number {
  return total === 0 ? 0 : Math.round((approved / total) * 100);
}

/** Up to 5 approved, then 10, then none left: 'top contributor'. */
export function nextGoal(approved: number): { target: number | null; remaining: number } {
  const target = GOALS.find((goal) => approved < goal) ?? null;
  return { target, remaining: target === null ? 0 : target - approved };
}
