// The set-up's child processes (the server and the demo site of each world): started with their output kept,
// waited for until a probe answers, and stopped.
import { type ChildProcess, spawn } from 'node:child_process';
import { ROOT } from './environment';

const START_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Started {
  child: ChildProcess;
  /** The last of what it printed, for the error message when it fails to start. */
  output(): string;
  /** Whether it ever printed a line matching `pattern` (kept apart from the rolling output). */
  printed(pattern: RegExp): RegExpExecArray | null;
}

export function start(name: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    if (output.length > 20_000) output = output.slice(-20_000);
    // The lines that tell how start-up went (the banner, the demo import) are kept whole; request logs are not.
    for (const line of text.split('\n')) if (/demo|password:|dashboard:/i.test(line)) lines.push(line);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // The processes' warnings and errors go to the run's output (the server logs at `warn`).
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return {
    child,
    output: () => output,
    printed: (pattern) => {
      for (const text of lines) {
        const match = pattern.exec(text);
        if (match) return match;
      }
      return null;
    },
  };
}

export async function waitFor<T>(
  what: string,
  started: Started,
  probe: () => Promise<T | undefined>,
  timeoutMs = START_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`${what} exited during start-up:\n${started.output()}`);
    }
    const result = await probe().catch(() => undefined);
    if (result !== undefined) return result;
    await sleep(100);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s:\n${started.output()}`);
}

export async function stop(started: Started | undefined): Promise<void> {
  const child = started?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
