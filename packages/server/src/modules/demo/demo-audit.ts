import type { NewAuditEntry } from '../audit/index.js';

/**
 * A week of the demo practice's audit log, so that its screen shows what it records before
 * anyone has clicked: each weekday morning the assistant opens both lists from the reception's
 * computer, the owner looks at the member analysis on Mondays and exported it once. Ids only,
 * like every real entry.
 */
export function demoAuditEntries(now: Date, place: { accountId: string; processorId: string; adminId: string; general: string; lab: string }): NewAuditEntry[] {
  const entries: NewAuditEntry[] = [];
  const reception = '192.168.10.21';
  const office = '192.168.10.35';
  for (let daysAgo = 7; daysAgo >= 1; daysAgo--) {
    const day = new Date(now.getTime() - daysAgo * 86_400_000);
    const weekday = day.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const at = (hour: number, minute: number) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute));
    const base = { accountId: place.accountId, detail: null };
    entries.push(
      { ...base, at: at(6, 58), userId: place.processorId, address: reception, action: 'members.list', subjectType: 'queue', subjectId: place.general },
      { ...base, at: at(7, 2), userId: place.processorId, address: reception, action: 'members.list', subjectType: 'queue', subjectId: place.lab },
    );
    if (weekday === 1)
      entries.push({ ...base, at: at(16, 40), userId: place.adminId, address: office, action: 'report.members', subjectType: 'account', subjectId: place.accountId });
  }
  entries.push({
    accountId: place.accountId,
    at: new Date(now.getTime() - 2 * 86_400_000),
    userId: place.adminId,
    address: '192.168.10.35',
    action: 'report.export',
    subjectType: 'account',
    subjectId: place.accountId,
    detail: { request: 'GET /reports/members/export', names: false },
  });
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}
