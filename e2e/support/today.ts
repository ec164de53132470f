/** The demo location's date of an instant (Europe/Vienna), 'YYYY-MM-DD'. */
const viennaDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(at);

/**
 * A start later today at the demo location, as an instant the API takes (Z is an offset too):
 * ten minutes ahead on a whole five minutes, or, late in the evening, the next whole minute but
 * one, so that the work view still counts it among today's. In the last two minutes of the day
 * it waits for the next one.
 */
export async function soon(): Promise<string> {
  const instant = (at: number) => new Date(at).toISOString().replace('.000Z', 'Z');
  const now = Date.now();
  const comfortable = Math.ceil((now + 10 * 60_000) / 300_000) * 300_000;
  if (viennaDate(comfortable) === viennaDate(now)) return instant(comfortable);
  const close = Math.ceil((now + 60_000) / 60_000) * 60_000 + 60_000;
  if (viennaDate(close) === viennaDate(now)) return instant(close);
  await new Promise((resolve) => setTimeout(resolve, close - now));
  return soon();
}
