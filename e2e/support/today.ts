/** The demo location's date of an instant (Europe/Vienna), 'YYYY-MM-DD'. */
const viennaDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(at);

/**
 * A start later today at the demo location, as an instant the API takes (Z is an offset too):
 * `ahead` minutes ahead (10 unless said) on a whole five minutes, or, late in the evening, a whole
 * minute a tenth of that ahead and one more, so that the work view still counts it among today's.
 * Specs booking the same processor ask for different `ahead`. In the day's last minutes it waits
 * for the next day.
 */
export async function soon(ahead = 10): Promise<string> {
  const instant = (at: number) => new Date(at).toISOString().replace('.000Z', 'Z');
  const now = Date.now();
  const comfortable = Math.ceil((now + ahead * 60_000) / 300_000) * 300_000;
  if (viennaDate(comfortable) === viennaDate(now)) return instant(comfortable);
  const close = Math.ceil(now / 60_000) * 60_000 + (1 + Math.ceil(ahead / 10)) * 60_000;
  if (viennaDate(close) === viennaDate(now)) return instant(close);
  await new Promise((resolve) => setTimeout(resolve, close - now));
  return soon(ahead);
}
