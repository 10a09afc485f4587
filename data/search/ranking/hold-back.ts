/**
 * Keeping some verses out of the first ranks without dropping them: a ranking's held-back items
 * move just below the first `clearRanks`, in their order. Used for the warning verses a visitor
 * in distress must not meet first (pastoral-care.ts), and for verses only an LLM's suggestion
 * brought, which must not outrank what the search found on its own. Pure.
 */
/**
 * The ranking with every held-back item moved just below the first `clearRanks`, in its order;
 * everything else keeps its order. Linear in the list.
 */
export function holdBack<T>(ranked: readonly T[], heldBack: (item: T) => boolean, clearRanks: number): T[] {
  const lead: T[] = [];
  const held: T[] = [];
  const rest: T[] = [];
  for (const item of ranked) {
    if (lead.length >= clearRanks) rest.push(item);
    else if (heldBack(item)) held.push(item);
    else lead.push(item);
  }
  return [...lead, ...held, ...rest];
}
