// The few calls of the portal's HTTP API that the container and upgrade tests make, as a user or
// an operator would (docs/api.md), plus waiting for an instance to be ready.
const API = '/api/v1.0';

export async function waitReady(base, { timeoutMs = 120_000 } = {}) {
  const until = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < until) {
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return res.json();
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base}/readyz did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

export async function call(base, method, path, { token, body, form } = {}) {
  const headers = { ...(token && { authorization: `Bearer ${token}` }) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${API}/${path}`, {
    method,
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = { raw: text };
  }
  return { status: res.status, json };
}

/** Signs in; answers the session (access_token, refresh_token, user). */
export async function signIn(base, email, password) {
  const res = await call(base, 'POST', 'auth/login', { body: { username: email, password } });
  if (res.status !== 200)
    throw new Error(`sign-in of ${email}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data;
}

/** Creates a customer (admin); answers the user. */
export async function createCustomer(base, token, email, extra = {}) {
  const res = await call(base, 'POST', 'users', {
    token,
    body: {
      name: `Customer ${email.split('@')[0]}`,
      email,
      password: 'secret12',
      password_confirmation: 'secret12',
      role_id: 3,
      ...extra,
    },
  });
  if (res.status !== 201) throw new Error(`create ${email}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data;
}

/** Every user's email the admin can list (all pages). */
export async function userEmails(base, token) {
  const emails = new Set();
  for (let page = 1; ; page++) {
    const res = await call(base, 'GET', `users?per_page=100&page=${page}`, { token });
    if (res.status !== 200) throw new Error(`list users: HTTP ${res.status}`);
    for (const user of res.json.data) emails.add(user.email);
    if (page >= res.json.meta.last_page) return emails;
  }
}
