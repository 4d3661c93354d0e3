/** Counts and shares as a deck quotes them: grouped ("1,592,433 impressions"), a share in whole percent. */

const GROUPED = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** A count, grouped: "1,592,433". */
export const formatCount = (n: number): string => GROUPED.format(n);

/** A count with its noun in the right number: "1 activity", "1,200 activities". */
export const counted = (n: number, one: string, many: string): string => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A share (0..1 and beyond) in whole percent: 0.754 is "75%". */
export const percent = (share: number): string => `${Math.round(share * 100)}%`;
