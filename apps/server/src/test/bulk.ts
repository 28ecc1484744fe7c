import type { BulkJob } from '@portal/contract';
import type { TestApp } from './app';
import { api } from './http';

/**
 * A bulk job read until it is no longer running: POST users/bulk answers 202 at once and the run
 * goes on after it (modules/users/bulk.ts), so a test that needs its effects waits here.
 */
export async function finishedBulkJob(t: TestApp, id: number, headers: Record<string, string>) {
  for (let i = 0; i < 400; i += 1) {
    const res = await api(t).get(`users/bulk/${id}`, { headers });
    if (res.statusCode !== 200) throw new Error(`GET users/bulk/${id}: ${res.statusCode} ${res.body}`);
    const job = res.json().data as BulkJob;
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`bulk job ${id} still running`);
}

/** POST users/bulk, then the job once it is over (throws unless the start was accepted with 202). */
export async function runBulk(
  t: TestApp,
  body: unknown,
  opts: { headers: Record<string, string>; ip?: string },
): Promise<BulkJob> {
  const res = await api(t).post('users/bulk', body, opts);
  if (res.statusCode !== 202) throw new Error(`POST users/bulk: ${res.statusCode} ${res.body}`);
  return finishedBulkJob(t, (res.json().data as BulkJob).id, opts.headers);
}
