// What /proc says about a process on this machine (the benches run server and database here).
import fs from 'node:fs';

/** CPU ms (user + system) of a process from /proc/<pid>/stat; 0 when it is gone. */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // fields[11], [12]: utime, stime in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
