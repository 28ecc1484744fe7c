import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { createTestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';
import { createUser, DEFAULT_TEST_PASSWORD, signedInAdmin } from '../../test/builders';
import { api } from '../../test/http';

const TOKEN = 'metrics-token-0123456789';

describe('GET /metrics', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers the Prometheus text format to the bearer token only', async () => {
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('# TYPE portal_http_requests_total counter');
    const refused = await scrape();
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    expect(refused.json()).toEqual({ message: MESSAGES.unauthenticated });
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, sign-in outcomes and LD/TS calls', async () => {
    const http = api(t);
    const { tokens } = await signedInAdmin(t);
    const user = await createUser(t, { email: 'metrics.user@example.test' });
    await http.get(`users/${user.id}`, { headers: tokens.headers });
    await http.get('users/999999', { headers: tokens.headers });
    await http.post('auth/login', { username: user.email, password: DEFAULT_TEST_PASSWORD });
    // Unknown to the portal: asked of LD and TS (their simulators), then refused.
    await http.post('auth/login', { username: 'nobody@example.test', password: 'wrong-pass-1' });
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(body).toMatch(
      /portal_http_requests_total\{method="GET",route="\/api\/v1\.0\/users\/:id",status="200"\} 1/,
    );
    expect(body).toMatch(
      /portal_http_requests_total\{method="GET",route="\/api\/v1\.0\/users\/:id",status="404"\} 1/,
    );
    expect(body).toMatch(
      /portal_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/v1\.0\/users\/:id",status="200"\} 1/,
    );
    expect(body).toMatch(/portal_sign_ins_total\{route="auth\/login",outcome="succeeded"\} [1-9]/);
    expect(body).toMatch(/portal_sign_ins_total\{route="auth\/login",outcome="failed"\} 1/);
    expect(body).toMatch(
      /portal_remote_call_duration_seconds_count\{system="Live Dispatch",outcome="\d{3}"\} [1-9]/,
    );
    expect(body).toMatch(/portal_sse_connections 0/);
    expect(body).toContain('portal_process_resident_memory_bytes');
    if (t.database.kind === 'postgres')
      expect(body).toMatch(/portal_db_pool_connections\{state="total"\} [1-9]/);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there (404), token or not', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer x' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
