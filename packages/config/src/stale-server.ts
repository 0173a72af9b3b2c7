import { readFile, rm } from 'node:fs/promises';

/**
 * A run that was killed can leave its server behind, still holding the data folder, or only
 * its pid file. Stops the process named in `pidFile` when it is still that server (the pid may
 * have been reused by something else), waits up to 10 s, and removes the file.
 */
export async function stopStaleServer(
  pidFile: string,
  options: { command: string; signal: NodeJS.Signals },
): Promise<void> {
  const text = await readFile(pidFile, 'utf8').catch(() => null);
  if (text === null) return;
  const pid = Number(text.split('\n')[0]?.trim());
  if (Number.isInteger(pid) && pid > 0) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.includes(options.command) && isAlive(pid)) {
      process.kill(pid, options.signal);
      for (let i = 0; i < 200 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
    }
  }
  await rm(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
