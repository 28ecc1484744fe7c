import { release } from '../../../lib/release';
import { fail, pass, reasonOf, type Check } from '../types';

/** The public origin answers /healthz, and with this release (after a deploy, the new one runs). */
export const checkAppUrl: Check = async ({ config, timeoutMs }) => {
  const url = `${config.appUrl}/healthz`;
  let answer: Response;
  try {
    answer = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
  } catch (err) {
    return fail(
      'APP_URL',
      `${url} does not answer: ${reasonOf(err)}`,
      'start the portal, or set APP_URL to the address users open (the proxy in front, with https)',
    );
  }
  const body = (await answer.json().catch(() => ({}))) as { version?: string; commit?: string };
  if (answer.status !== 200)
    return fail(
      'APP_URL',
      `${url} answers HTTP ${answer.status}`,
      'check the proxy in front routes APP_URL to the portal',
    );
  if (body.version !== release.version || body.commit !== release.commit)
    return fail(
      'APP_URL',
      `${url} runs release ${body.version ?? '?'} (${body.commit?.slice(0, 7) ?? '?'}), this is ${release.version} (${release.commit.slice(0, 7)})`,
      'finish the deploy (every instance on this release), or check the proxy routes to the new instances',
    );
  return pass(
    'APP_URL',
    `${url} answers with this release (${release.version}, ${release.commit.slice(0, 7)})`,
  );
};
