import { spawn, type ChildProcess } from 'node:child_process';
import type { FullConfig } from '@playwright/test';

/**
 * The global setup of the browser tests: the whole product as `make run` starts it (`devtools.run`: the AWS stand-in,
 * API, worker, identity provider, gateway), one copy for each project of playwright.config.ts, on the port of that
 * project's baseURL and the three after it. The copies start side by side and share nothing, so the projects' tests
 * run at the same time without seeing each other's data. Returns the teardown, which stops them all.
 */

/**
 * Generated demo stations of each copy (`make run` seeds 2,000): what the tests read (the explorer's stations and
 * clusters, a station of two or four parameters, a station's values) is there with a fifth of them, which seed in a
 * fifth of the time.
 */
const SEED_STATIONS = '400';
/** Starting one copy takes ~30 s here (the AWS stand-in, then seeding the demo data); CI machines are slower. */
const START_TIMEOUT_MS = 240_000;
/** devtools.run stops its children in turn; LocalStack takes up to 15 s to stop its DynamoDB Local. */
const STOP_TIMEOUT_MS = 30_000;

interface Stack {
  port: number;
  process: ChildProcess;
}

function portsOf(config: FullConfig): number[] {
  const ports = config.projects.map((project) => Number(new URL(String(project.use.baseURL)).port));
  return [...new Set(ports)];
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

function start(port: number): Stack {
  const child = spawn('.venv/bin/python', ['-m', 'devtools.run'], {
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(port + 1),
      OIDC_PORT: String(port + 2),
      AWS_PORT: String(port + 3),
      OIDC_KEY_FILE: '',
      APP_VERSION: '0.1.0-e2e',
      SEED_STATIONS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Every line said, named by the copy's port (as Playwright's own web server output is named).
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) process.stdout.write(`[WebServer :${port}] ${line}\n`);
    });
  }
  return { port, process: child };
}

async function ready(stack: Stack): Promise<void> {
  const url = `http://127.0.0.1:${stack.port}/config.json`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (stack.process.exitCode !== null) throw new Error(`The product on port ${stack.port} stopped while starting (exit code ${stack.process.exitCode}); see its output above.`);
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The product on port ${stack.port} did not answer at ${url} within ${START_TIMEOUT_MS / 1000} s.`);
}

async function stop(stack: Stack): Promise<void> {
  const child = stack.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export default async function startStacks(config: FullConfig) {
  const ports = portsOf(config);
  for (const port of ports) {
    if (await answers(`http://127.0.0.1:${port}/config.json`)) {
      throw new Error(`http://127.0.0.1:${port} is already in use: stop what runs there or move the browser tests' ports (E2E_PORT).`);
    }
  }
  const stacks = ports.map(start);
  const stopAll = () => Promise.all(stacks.map(stop));
  // Never left running: not when the runner is stopped, nor when a copy fails to start.
  const onExit = () => stacks.forEach((stack) => stack.process.exitCode === null && stack.process.kill('SIGKILL'));
  process.once('exit', onExit);
  try {
    await Promise.all(stacks.map(ready));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return async () => {
    await stopAll();
    process.off('exit', onExit);
  };
}
