import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** One server process on a fixed port and data, which the test can stop and start again. */
export class OwnServer {
  private proc: ChildProcess | null = null;
  private log = '';
  readonly port: number;
  private readonly env: NodeJS.ProcessEnv;
  constructor(port: number, env: NodeJS.ProcessEnv) {
    this.port = port;
    this.env = env;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and resolves once it answers /healthz. */
  async start(): Promise<void> {
    this.log = '';
    const proc = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
      cwd: root,
      env: this.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.proc = proc;
    proc.stderr!.on('data', (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-4000);
    });
    const exited = new Promise<never>((_, reject) =>
      proc.once('exit', (code) => reject(new Error(`the server exited (${code}) while starting:\n${this.log}`))),
    );
    const ready = (async () => {
      for (;;) {
        const ok = await fetch(`${this.url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await Promise.race([ready, exited]);
  }

  /** SIGTERM, and resolves once the process is gone. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    await gone;
    this.proc = null;
  }
}
