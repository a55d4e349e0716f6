import { type ChildProcess, spawn } from 'node:child_process';

/** A server started as its own process by a test, and everything it printed so far. */
export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
}

export interface RunningServer extends ServerProcess {
  /** The customer site's address from the start-up banner (the API is under /api/v1). */
  baseUrl: string;
}

/** Spawns `node …args` in `cwd` with exactly `env`, collecting stdout and stderr. */
export function spawnServer(args: string[], cwd: string, env: NodeJS.ProcessEnv): ServerProcess {
  // /metrics on a free port unless the test names one: the default 9464 is one per machine, and
  // tests (and engineers' own servers) run side by side.
  const child = spawn(process.execPath, args, {
    cwd,
    env: { METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/** Waits for the start-up banner's 'Customer site http://…/' line; rejects if the process exits first. */
export async function whenListening(server: ServerProcess, timeoutMs = 90_000): Promise<RunningServer> {
  const { child, output } = server;
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), timeoutMs);
    const check = () => {
      const match = output().match(/Customer site\s+(http:\/\/[^\s]+)\//);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
  return { ...server, baseUrl };
}

/** SIGTERM, then the exit code (0 after a clean shutdown). */
export function stopServer(server: ServerProcess): Promise<number | null> {
  return new Promise((resolve) => {
    server.child.removeAllListeners('exit');
    server.child.on('exit', (code) => resolve(code));
    server.child.kill('SIGTERM');
  });
}
