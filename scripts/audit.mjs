// `npm audit` of the production dependencies, as CI runs it: a high or critical advisory fails the
// run. Where the registry's audit endpoint cannot be reached (this project's CI machine gets a 405
// for it), the check says so loudly and does not pass itself off as clean.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** What one `npm audit --json` answer means: fail on high or critical, or that nothing could be checked. */
export function judgeAudit(output) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return { verdict: 'unreachable', reason: 'npm audit wrote no JSON' };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) return { verdict: 'unreachable', reason: report?.message ?? report?.error?.summary ?? 'no advisories in the answer' };
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  const names = Object.values(report.vulnerabilities ?? {})
    .filter((v) => v.severity === 'high' || v.severity === 'critical')
    .map((v) => `${v.name} (${v.severity})`);
  return serious > 0
    ? { verdict: 'fail', reason: `${serious} high or critical: ${names.join(', ')}` }
    : { verdict: 'ok', reason: `no high or critical advisory (${counts.total ?? 0} in all)` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
  const { verdict, reason } = judgeAudit(run.stdout);
  if (verdict === 'fail') {
    console.error(`npm audit: ${reason}`);
    process.exit(1);
  }
  console.log(verdict === 'ok' ? `npm audit: ${reason}` : `npm audit: NOT CHECKED — the audit endpoint is not reachable here (${reason})`);
}
