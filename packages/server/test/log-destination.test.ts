import { fork } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Production's log lines are written in batches (http/logging.ts bufferedStdout, ADR 025):
 * a line written below the batch size still reaches stdout after the flush interval, and
 * what is gathered when the process exits is written before it ends.
 */
describe('buffered log destination', () => {
  it('writes a lone line after the interval and the last line on exit', async () => {
    const child = fork(path.join(import.meta.dirname, 'support/buffered-log-process.ts'), {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise((resolve) => child.once('message', resolve));
    // The first line is far below the 8 KB batch: only the 200 ms flush writes it.
    const deadline = Date.now() + 5000;
    while (!output.includes('first line') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(output).toContain('first line');
    expect(output).not.toContain('last line');
    child.send('exit');
    expect(await exited).toBe(0);
    const lines = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual(['first line', 'last line']);
  });
});
